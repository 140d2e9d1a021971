'use client';

import { useState } from 'react';
import { Button, Modal, Tabs, Typography } from 'antd';
import { useLibraryTags } from '@/components/taxonomy/library-tag-select';
import type { LibraryItem, LibraryKind } from '@/lib/api/media';
import { MediaLibrary } from './media-library';
import { UploadQueue } from './upload-queue';

export interface PickedMedia {
  id: number;
  title: string;
  url: string;
  thumbUrl?: string;
  cover?: string;
}

export interface MediaPickerModalProps {
  kind: LibraryKind;
  open: boolean;
  /** Several items (a gallery) or one (a cover). */
  multiple?: boolean;
  /** At most this many (multiple only). */
  max?: number;
  title?: string;
  onPick: (items: PickedMedia[]) => void;
  onClose: () => void;
  /** Open on the upload tab. */
  startWithUpload?: boolean;
}

/**
 * The picker the editors and forms use: the library grid (search, tags, pages, preview) with single or
 * multiple selection, and an upload tab whose arrivals are selected at once. Its list state stays in
 * the dialog, never in the page's address.
 * @see DESIGN §7 (视频 and 图集 buttons), issue 6
 */
export function MediaPickerModal(props: MediaPickerModalProps) {
  // A fresh picker for every opening: no selection left over from the last time.
  const [openings, setOpenings] = useState(0);
  const [wasOpen, setWasOpen] = useState(props.open);
  if (props.open !== wasOpen) {
    setWasOpen(props.open);
    if (props.open) setOpenings((n) => n + 1);
  }
  return <Picker key={openings} {...props} />;
}

function Picker({ kind, open, multiple = false, max = 100, title, onPick, onClose, startWithUpload = false }: MediaPickerModalProps) {
  const [selected, setSelected] = useState<Map<number, PickedMedia>>(new Map());
  const [tab, setTab] = useState(startWithUpload ? 'upload' : 'library');
  const [isBusy, setBusy] = useState(false);
  const [refresh, setRefresh] = useState(0);
  const { tags } = useLibraryTags(kind);
  const noun = kind === 'pic' ? '图片' : '视频';

  const add = (item: PickedMedia) =>
    setSelected((s) => {
      if (!multiple) return new Map([[item.id, item]]);
      if (s.size >= max) return s;
      const next = new Map(s);
      next.set(item.id, item);
      return next;
    });

  return (
    <Modal
      open={open}
      title={title ?? `选择${noun}`}
      width={1000}
      onCancel={onClose}
      destroyOnHidden
      mask={{ closable: false }}
      footer={
        <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 8, flexWrap: 'wrap' }}>
          <Typography.Text type="secondary" data-testid="picker-count">
            {selected.size ? `已选 ${selected.size} 个${noun}` : multiple ? `可选多个${noun}` : `选择一个${noun}`}
          </Typography.Text>
          <span style={{ display: 'flex', gap: 8 }}>
            <Button onClick={onClose}>取消</Button>
            <Button type="primary" disabled={!selected.size || isBusy} onClick={() => onPick([...selected.values()])}>
              确定
            </Button>
          </span>
        </div>
      }
    >
      <Tabs
        activeKey={tab}
        onChange={(key) => {
          setTab(key);
          if (key === 'library') setRefresh((n) => n + 1);
        }}
        items={[
          {
            key: 'library',
            label: `${noun}库`,
            children: (
              <MediaLibrary
                key={refresh}
                kind={kind}
                mode="pick"
                multiple={multiple}
                selected={selected}
                onSelectedChange={(next) => setSelected(multiple ? new Map([...next].slice(0, max)) : next)}
              />
            ),
          },
          {
            key: 'upload',
            label: `上传新${noun}`,
            children: (
              <>
                <UploadQueue
                  kind={kind}
                  single={!multiple}
                  onBusyChange={setBusy}
                  onUploaded={(item) => add({ id: item.id, title: item.title, url: item.url, thumbUrl: item.thumbUrl, cover: (item as LibraryItem).cover })}
                />
                {tags.length === 0 ? null : (
                  <Typography.Paragraph type="secondary" style={{ marginTop: 8, fontSize: 12 }}>
                    上传完成的{noun}会自动选中；标签可稍后在{noun}库中添加。
                  </Typography.Paragraph>
                )}
              </>
            ),
          },
        ]}
      />
    </Modal>
  );
}
