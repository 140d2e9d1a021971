'use client';

import { useEffect, useRef, useState, type RefObject } from 'react';
import { Button, Modal, Tabs, Typography } from 'antd';
import { useLibraryTags } from '@/components/taxonomy/library-tag-select';
import { isPlaceholderTitle, UNTITLED, type LibraryKind } from '@/lib/api/media';
import { MediaPickGrid, type PickedMedia } from './media-grid';
import { UploadQueue } from './upload-queue';

export type { PickedMedia };

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
  // Nothing before the first opening (issue 25): a closed picker on an editor's first screen (the
  // body's 视频 and 图集, 图集's and 视频文章's fields) asked for its library tags before typing.
  if (!openings && !props.open) return null;
  return <Picker key={openings} {...props} />;
}

/**
 * What the picker hands on for a file from its upload tab: a fresh upload has a real title only when
 * one was typed (else 「未命名…」); an existing item chosen instead of a duplicate may carry an old
 * file-name title.
 */
function pickedUpload(
  kind: LibraryKind,
  item: { id: number; title: string; url: string; thumbUrl?: string; cover?: string },
  isExisting: boolean,
): PickedMedia {
  const titleIsPlaceholder = isExisting ? isPlaceholderTitle(item.title) : item.title === UNTITLED[kind];
  return { id: item.id, title: item.title, titleIsPlaceholder, url: item.url, thumbUrl: item.thumbUrl, cover: item.cover };
}

/** How long the picker waits for its first control (a touch screen waits for the grid's first page). */
const FOCUS_WAIT_MS = 4000;

/**
 * The control a picker opens on (review P3-12: it opened on ×): the search box of the library tab,
 * the choose-files button of the upload tab. On a touch screen a focused text box raises the keyboard
 * over the grid, so there the first grid item takes the focus instead, once the page has arrived.
 */
export function firstPickerControl(root: HTMLElement, { isTouch = false }: { isTouch?: boolean } = {}): HTMLElement | null {
  const panel = root.querySelector<HTMLElement>('[role="tabpanel"][aria-hidden="false"]') ?? root;
  const search = panel.querySelector<HTMLElement>('input[type="search"]');
  if (search && !isTouch) return search;
  if (search) return panel.querySelector<HTMLElement>('[data-testid="media-card"] input:not([disabled]), [data-testid="media-card"] button:not([disabled])');
  return panel.querySelector<HTMLElement>('button:not([disabled])');
}

/** Whether the focus is still where the dialog put it (its frame or ×), not on a control someone chose. */
function isFocusUnclaimed(root: HTMLElement): boolean {
  const active = document.activeElement as HTMLElement | null;
  const dialog = root.closest<HTMLElement>('.ant-modal-wrap') ?? root.closest<HTMLElement>('[role="dialog"]');
  if (!active || active === document.body || !dialog?.contains(active)) return true;
  return active.tabIndex < 0 || active.matches('.ant-modal-close');
}

/** Puts the focus on the picker's first useful control when it opens (and only then). */
function useFirstFocus(open: boolean, body: RefObject<HTMLDivElement | null>) {
  useEffect(() => {
    if (!open) return;
    const isTouch = typeof window.matchMedia === 'function' && window.matchMedia('(pointer: coarse)').matches;
    const until = Date.now() + FOCUS_WAIT_MS;
    let focusedAt = 0;
    let frame = 0;
    const attempt = () => {
      const root = body.current;
      const target = root && firstPickerControl(root, { isTouch });
      // Someone already went to a control (typed, tabbed, clicked a tab): leave the focus there.
      if (root && document.activeElement !== target && !isFocusUnclaimed(root)) return;
      if (target && document.activeElement !== target) {
        target.focus({ preventScroll: isTouch });
        focusedAt ||= Date.now();
      }
      // A little longer after the first success: the dialog's opening motion may still take the focus back.
      const isSettled = focusedAt > 0 && Date.now() - focusedAt > 500;
      if (!isSettled && Date.now() < until) frame = requestAnimationFrame(attempt);
    };
    frame = requestAnimationFrame(attempt);
    return () => cancelAnimationFrame(frame);
  }, [open, body]);
}

function Picker({ kind, open, multiple = false, max = 100, title, onPick, onClose, startWithUpload = false }: MediaPickerModalProps) {
  const [selected, setSelected] = useState<Map<number, PickedMedia>>(new Map());
  const [tab, setTab] = useState(startWithUpload ? 'upload' : 'library');
  const [isBusy, setBusy] = useState(false);
  const [refresh, setRefresh] = useState(0);
  const { tags } = useLibraryTags(kind);
  const noun = kind === 'pic' ? '图片' : '视频';
  const body = useRef<HTMLDivElement>(null);
  useFirstFocus(open, body);

  /** A title typed in the upload tab after the file arrived: the selection carries it. */
  const rename = (item: PickedMedia) => setSelected((s) => (s.has(item.id) ? new Map(s).set(item.id, item) : s));
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
      <div ref={body}>
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
                <MediaPickGrid
                  key={refresh}
                  kind={kind}
                  multiple={multiple}
                  selected={selected}
                  onSelectedChange={(next) =>
                    setSelected(multiple ? new Map([...(next as Map<number, PickedMedia>)].slice(0, max)) : (next as Map<number, PickedMedia>))
                  }
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
                    onUploaded={(item, { isExisting }) => add(pickedUpload(kind, item, isExisting))}
                    onTitleSaved={(item) => rename(pickedUpload(kind, item, false))}
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
      </div>
    </Modal>
  );
}
