'use client';

import { useEffect, useState } from 'react';
import { Button, Empty, Space, Typography } from 'antd';
import { UploadOutlined, VideoCameraOutlined } from '@ant-design/icons';
import { MediaPickerModal, type PickedMedia } from '@/components/media/picker-modal';
import { libraryClient, formatDuration, type LibraryItem } from '@/lib/api/media';
import { isOk } from '@/lib/api/resource';

/**
 * 发视频文章: the one video, from the video library or a new upload. Value is the library id; the
 * chosen video's poster is handed to `onPoster` (the editor fills the cover with it when empty).
 */
export function VideoField({
  value,
  onChange,
  onPoster,
  id,
}: {
  value?: number | null;
  onChange?: (id: number | null) => void;
  onPoster?: (url: string) => void;
  id?: string;
}) {
  const [picker, setPicker] = useState<{ open: boolean; upload: boolean }>({ open: false, upload: false });
  const [item, setItem] = useState<LibraryItem | null>(null);
  useEffect(() => {
    if (!value) {
      setItem(null);
      return;
    }
    if (item?.id === value) return;
    let live = true;
    void libraryClient.video.get(value).then((r) => live && isOk(r) && setItem(r.data));
    return () => {
      live = false;
    };
  }, [value, item?.id]);
  const pick = (v: PickedMedia) => {
    onChange?.(v.id);
    const poster = v.cover ?? v.thumbUrl;
    if (poster) onPoster?.(poster);
  };
  return (
    <div id={id}>
      {item ? (
        <div style={{ display: 'flex', gap: 12, alignItems: 'center', flexWrap: 'wrap', marginBottom: 12 }} data-testid="chosen-video">
          {item.cover ? (
            // eslint-disable-next-line @next/next/no-img-element
            <img src={item.cover} alt={`${item.title} 的封面`} style={{ width: 240, height: 135, objectFit: 'cover', borderRadius: 4 }} />
          ) : (
            <div style={{ width: 240, height: 135, background: '#f5f5f5', display: 'grid', placeItems: 'center' }}>
              <VideoCameraOutlined aria-hidden style={{ fontSize: 32, color: '#bfbfbf' }} />
            </div>
          )}
          <div>
            <Typography.Text strong>{item.title}</Typography.Text>
            <Typography.Text type="secondary" style={{ display: 'block' }}>
              时长 {formatDuration(item.duration ?? 0)}
            </Typography.Text>
          </div>
        </div>
      ) : value ? (
        <Typography.Paragraph type="secondary">视频 #{value}</Typography.Paragraph>
      ) : (
        <Empty description="还没有视频：从视频库选择或上传一个" style={{ marginBottom: 12 }} />
      )}
      <Space wrap>
        <Button icon={<VideoCameraOutlined aria-hidden />} onClick={() => setPicker({ open: true, upload: false })}>
          {value ? '更换视频' : '从视频库选择'}
        </Button>
        <Button icon={<UploadOutlined aria-hidden />} onClick={() => setPicker({ open: true, upload: true })}>
          上传视频
        </Button>
        {value ? (
          <Button danger onClick={() => onChange?.(null)}>
            移除视频
          </Button>
        ) : null}
      </Space>
      <MediaPickerModal
        kind="video"
        open={picker.open}
        startWithUpload={picker.upload}
        title="选择视频"
        onClose={() => setPicker((p) => ({ ...p, open: false }))}
        onPick={([v]) => {
          if (v) pick(v);
          setPicker((p) => ({ ...p, open: false }));
        }}
      />
    </div>
  );
}
