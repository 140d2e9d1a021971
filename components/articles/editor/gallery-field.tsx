'use client';

import { useState, type DragEvent } from 'react';
import { Button, ConfigProvider, Empty, Input, Space, Tooltip, Typography } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, HolderOutlined, PictureOutlined, UploadOutlined } from '@ant-design/icons';
import { MediaPickerModal } from '@/components/media/picker-modal';
import type { GalleryImage } from '@/components/articles/api';

/** `list` with the item at `from` moved to index `to`. Pure; unit-tested. */
export function moveItem<T>(list: readonly T[], from: number, to: number): T[] {
  if (from === to || from < 0 || from >= list.length || to < 0 || to >= list.length) return [...list];
  const out = [...list];
  const [item] = out.splice(from, 1);
  out.splice(to, 0, item);
  return out;
}

/** Adds pictures after the ones already there, skipping library pictures already in the gallery. */
export function addPictures(list: readonly GalleryImage[], picked: Array<{ id: number; url: string; title: string }>): GalleryImage[] {
  const have = new Set(list.map((i) => i.picId).filter(Boolean));
  return [...list, ...picked.filter((p) => !have.has(p.id)).map((p) => ({ picId: p.id, url: p.url, caption: '' }))].slice(0, 200);
}

/**
 * 发图集: the gallery's pictures in order, each with its caption; added from the library or uploaded,
 * reordered by dragging the handle or with 上移/下移 (keyboard), removed one by one.
 * A Form.Item child (value / onChange). Read-only when the form is `disabled` (someone else holds the
 * lock, a published article the person may not change) or with `disabled`: every control is disabled
 * and nothing it does reaches `onChange`, so the form never turns dirty (review P3-5).
 */
export function GalleryField({
  value = [],
  onChange,
  id,
  disabled,
}: {
  value?: GalleryImage[];
  onChange?: (images: GalleryImage[]) => void;
  id?: string;
  /** Overrides the form's `disabled`. */
  disabled?: boolean;
}) {
  // The buttons' own `disabled={i === 0}` would override the form's, so it is merged here once.
  const { componentDisabled } = ConfigProvider.useConfig();
  const isReadOnly = disabled ?? componentDisabled ?? false;
  const [picker, setPicker] = useState<{ open: boolean; upload: boolean }>({ open: false, upload: false });
  const [dragFrom, setDragFrom] = useState<number | null>(null);
  const [over, setOver] = useState<number | null>(null);
  const [announce, setAnnounce] = useState('');
  const set = (next: GalleryImage[]) => {
    if (!isReadOnly) onChange?.(next);
  };
  const move = (from: number, to: number) => {
    if (isReadOnly) return;
    set(moveItem(value, from, to));
    setAnnounce(`第 ${from + 1} 张已移到第 ${to + 1} 位`);
    // Keep the focus on the moved picture's button so repeated moves are quick.
    requestAnimationFrame(() => document.getElementById(`gallery-${to}-${to < from ? 'up' : 'down'}`)?.focus());
  };
  const onDrop = (e: DragEvent, to: number) => {
    e.preventDefault();
    if (dragFrom !== null && !isReadOnly) move(dragFrom, to);
    setDragFrom(null);
    setOver(null);
  };
  return (
    <div id={id}>
      <Space wrap style={{ marginBottom: 12 }}>
        <Button icon={<PictureOutlined aria-hidden />} disabled={isReadOnly} onClick={() => setPicker({ open: true, upload: false })}>
          从图片库添加
        </Button>
        <Button icon={<UploadOutlined aria-hidden />} disabled={isReadOnly} onClick={() => setPicker({ open: true, upload: true })}>
          上传图片
        </Button>
        <Typography.Text type="secondary">
          {isReadOnly ? `共 ${value.length} 张（只读）` : `共 ${value.length} 张，拖动左侧把手或用上移/下移调整顺序`}
        </Typography.Text>
      </Space>
      <div aria-live="polite" className="sr-only" style={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}>
        {announce}
      </div>
      {value.length === 0 ? (
        <Empty description={isReadOnly ? '没有图片' : '还没有图片：点「从图片库添加」或「上传图片」'} />
      ) : (
        <ol style={{ listStyle: 'none', padding: 0, margin: 0 }} data-testid="gallery-list">
          {value.map((img, i) => (
            <li
              key={`${img.picId ?? img.url}-${i}`}
              data-testid="gallery-item"
              onDragOver={(e) => {
                if (isReadOnly) return;
                e.preventDefault();
                setOver(i);
              }}
              onDrop={(e) => onDrop(e, i)}
              style={{
                display: 'flex',
                gap: 12,
                alignItems: 'flex-start',
                flexWrap: 'wrap',
                padding: 8,
                marginBottom: 8,
                border: `1px solid ${over === i && dragFrom !== null ? '#1677ff' : '#f0f0f0'}`,
                borderRadius: 6,
                background: dragFrom === i ? '#fafafa' : '#fff',
              }}
            >
              <span
                draggable={!isReadOnly}
                onDragStart={(e) => {
                  if (isReadOnly) {
                    e.preventDefault();
                    return;
                  }
                  setDragFrom(i);
                  e.dataTransfer.effectAllowed = 'move';
                }}
                onDragEnd={() => {
                  setDragFrom(null);
                  setOver(null);
                }}
                aria-hidden
                data-testid="gallery-handle"
                title={isReadOnly ? undefined : '拖动调整顺序'}
                style={{ cursor: isReadOnly ? 'not-allowed' : 'grab', padding: '24px 2px', color: isReadOnly ? '#d9d9d9' : '#8c8c8c' }}
              >
                <HolderOutlined />
              </span>
              {/* eslint-disable-next-line @next/next/no-img-element */}
              <img src={img.url} alt={`第 ${i + 1} 张`} style={{ width: 120, height: 80, objectFit: 'cover', borderRadius: 4, flex: 'none' }} />
              <div style={{ flex: '1 1 220px', minWidth: 0 }}>
                <Input.TextArea
                  aria-label={`第 ${i + 1} 张图片说明`}
                  value={img.caption}
                  maxLength={500}
                  autoSize={{ minRows: 2, maxRows: 4 }}
                  placeholder={isReadOnly ? undefined : '图片说明（可选）'}
                  disabled={isReadOnly}
                  onChange={(e) => set(value.map((x, j) => (j === i ? { ...x, caption: e.target.value } : x)))}
                />
              </div>
              <Space.Compact direction="vertical">
                <Tooltip title="上移">
                  <Button
                    id={`gallery-${i}-up`}
                    aria-label={`第 ${i + 1} 张上移`}
                    icon={<ArrowUpOutlined aria-hidden />}
                    disabled={isReadOnly || i === 0}
                    onClick={() => move(i, i - 1)}
                  />
                </Tooltip>
                <Tooltip title="下移">
                  <Button
                    id={`gallery-${i}-down`}
                    aria-label={`第 ${i + 1} 张下移`}
                    icon={<ArrowDownOutlined aria-hidden />}
                    disabled={isReadOnly || i === value.length - 1}
                    onClick={() => move(i, i + 1)}
                  />
                </Tooltip>
                <Tooltip title="移除">
                  <Button
                    aria-label={`移除第 ${i + 1} 张`}
                    danger
                    icon={<DeleteOutlined aria-hidden />}
                    disabled={isReadOnly}
                    onClick={() => set(value.filter((_, j) => j !== i))}
                  />
                </Tooltip>
              </Space.Compact>
            </li>
          ))}
        </ol>
      )}
      <MediaPickerModal
        kind="pic"
        multiple
        max={200}
        open={picker.open && !isReadOnly}
        startWithUpload={picker.upload}
        title="添加图集图片"
        onClose={() => setPicker((p) => ({ ...p, open: false }))}
        onPick={(items) => {
          set(addPictures(value, items));
          setPicker((p) => ({ ...p, open: false }));
        }}
      />
    </div>
  );
}
