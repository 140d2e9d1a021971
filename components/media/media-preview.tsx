'use client';

import { useEffect, useState } from 'react';
import { Button, Descriptions, Empty, List, Modal, Space, Spin, Tag, Typography } from 'antd';
import { useApp } from '@/components/common/app-feedback';
import { isOk } from '@/lib/api/resource';
import { formatDateTime } from '@/components/crud';
import {
  CHECK_STATUS,
  formatBytes,
  formatDuration,
  mediaUsage,
  recheckPicture,
  showsCheckVerdict,
  videoPlayUrl,
  type LibraryItem,
  type LibraryKind,
  type LibraryTag,
  type MediaUse,
} from '@/lib/api/media';
import { useImageCheck } from './use-image-check';

/**
 * A library item up close: the picture large (or the video playing, through the play URL the server
 * signs), its details, its check verdict and where it is used.
 */
export function MediaPreview({
  kind,
  item,
  open,
  tags,
  onClose,
  onEdit,
  onChecked,
  afterClose,
}: {
  kind: LibraryKind;
  item: LibraryItem | null;
  open: boolean;
  tags: LibraryTag[];
  onClose: () => void;
  /** Offered when the viewer may edit this item. */
  onEdit?: (item: LibraryItem) => void;
  onChecked?: () => void;
  /** After the closing animation (open the next dialog here, so focus does not jump back to this one's opener). */
  afterClose?: () => void;
}) {
  const { message } = useApp();
  const [uses, setUses] = useState<MediaUse[] | null>(null);
  const [playUrl, setPlayUrl] = useState<string | null>(null);
  const [isChecking, setChecking] = useState(false);
  const imageCheck = useImageCheck();
  const id = item?.id;

  useEffect(() => {
    if (!open || !id) return;
    let isCurrent = true;
    setUses(null);
    setPlayUrl(null);
    void mediaUsage(kind, id).then((reply) => isCurrent && setUses(isOk(reply) ? reply.data : []));
    if (kind === 'video') void videoPlayUrl(id).then((reply) => isCurrent && isOk(reply) && setPlayUrl(reply.data.url));
    return () => {
      isCurrent = false;
    };
  }, [open, id, kind]);

  if (!item) return null;
  const check = CHECK_STATUS[item.checkStatus] ?? CHECK_STATUS[0];
  const tagNames = item.tagIds.map((t) => tags.find((x) => x.id === t)?.name ?? `#${t}`);

  const recheck = async () => {
    setChecking(true);
    const reply = await recheckPicture(item.id);
    setChecking(false);
    if (isOk(reply)) {
      void message.info(`检测结果：${CHECK_STATUS[reply.data.status]?.text ?? reply.data.status}${reply.data.note ? `（${reply.data.note}）` : ''}`);
      onChecked?.();
    }
  };

  return (
    <Modal
      open={open}
      title={`${kind === 'pic' ? '图片' : '视频'}预览 · ${item.title}`}
      onCancel={onClose}
      afterClose={afterClose}
      width={920}
      destroyOnHidden
      footer={
        <Space wrap>
          {kind === 'pic' && imageCheck && (
            <Button onClick={recheck} loading={isChecking}>
              重新检测
            </Button>
          )}
          <Button href={item.url} target="_blank" rel="noopener">
            打开原文件
          </Button>
          {onEdit && (
            <Button type="primary" onClick={() => onEdit(item)}>
              编辑
            </Button>
          )}
          <Button onClick={onClose}>关闭</Button>
        </Space>
      }
    >
      <div
        style={{ background: '#1f1f1f', borderRadius: 6, display: 'flex', justifyContent: 'center', alignItems: 'center', minHeight: 240, marginBottom: 16 }}
      >
        {kind === 'pic' ? (
          // eslint-disable-next-line @next/next/no-img-element
          <img src={item.url} alt={item.title} style={{ maxWidth: '100%', maxHeight: '60vh', objectFit: 'contain' }} />
        ) : playUrl ? (
          <video
            data-testid="video-player"
            src={playUrl}
            poster={item.cover || undefined}
            controls
            autoPlay
            muted
            playsInline
            aria-label={`播放「${item.title}」`}
            style={{ maxWidth: '100%', maxHeight: '60vh' }}
          />
        ) : (
          <Spin description="正在获取播放地址…" />
        )}
      </div>
      <Descriptions size="small" column={{ xs: 1, sm: 2 }} bordered>
        <Descriptions.Item label="标题">{item.title}</Descriptions.Item>
        <Descriptions.Item label="大小">
          {formatBytes(item.size)}
          {item.width ? ` · ${item.width}×${item.height}` : ''}
          {kind === 'video' ? ` · ${formatDuration(item.duration ?? 0)}` : ''}
        </Descriptions.Item>
        <Descriptions.Item label="类型">{item.mime}</Descriptions.Item>
        <Descriptions.Item label="上传">
          {item.uploaderName ?? '-'}
          {item.uploaderDepartment ? `（${item.uploaderDepartment}）` : ''} · {formatDateTime(item.createdAt)}
        </Descriptions.Item>
        <Descriptions.Item label="标签">{tagNames.length ? tagNames.map((n) => <Tag key={n}>{n}</Tag>) : '无'}</Descriptions.Item>
        {kind === 'pic' && showsCheckVerdict(item.checkStatus, imageCheck) && (
          <Descriptions.Item label="检测">
            <Tag color={check.color}>{check.text}</Tag>
            {item.checkNote && <Typography.Text type="secondary">{item.checkNote}</Typography.Text>}
          </Descriptions.Item>
        )}
      </Descriptions>
      <Typography.Title level={2} style={{ fontSize: 15, margin: '16px 0 8px' }}>
        使用情况{uses ? `（${uses.length} 处）` : ''}
      </Typography.Title>
      {uses === null ? (
        <Spin size="small" />
      ) : uses.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="还没有被使用，可以安全删除" />
      ) : (
        <List
          size="small"
          dataSource={uses}
          renderItem={(u) => (
            <List.Item>
              {/* The owner's name comes with each use, from the server's declarations (their labels). */}
              {u.ownerName ?? u.ownerType}
              {u.ownerTitle ? `「${u.ownerTitle}」` : ` #${u.ownerId}（无权查看标题）`}{' '}
              <Typography.Text type="secondary">{formatDateTime(u.createdAt)}</Typography.Text>
            </List.Item>
          )}
        />
      )}
    </Modal>
  );
}
