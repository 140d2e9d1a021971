'use client';

import { useCallback, useEffect, useRef, useState, type DragEvent } from 'react';
import { Button, Image, Input, Progress, Space, Typography } from 'antd';
import { CloudUploadOutlined } from '@ant-design/icons';
import {
  DuplicateError,
  limitText,
  uploadLimits,
  type UploadLimits,
  formatBytes,
  mediaTypeOf,
  pictureSize,
  readVideo,
  registerUpload,
  requestTicket,
  sendFile,
  sha256Hex,
  UploadError,
  ACCEPT,
  isPlaceholderTitle,
  libraryClient,
  UNTITLED,
  type LibraryItem,
  type LibraryKind,
  type SendHandle,
} from '@/lib/api/media';
import type { UploadTicket } from '@/lib/api/types';
import { useUnsavedChanges } from '@/components/crud';
import { isOk } from '@/lib/api/resource';
import { isFailure } from '@/lib/http';

type Status = 'waiting' | 'preparing' | 'duplicate' | 'uploading' | 'registering' | 'done' | 'error' | 'cancelled';

interface Existing {
  id: number;
  title: string;
  url: string;
  thumbUrl?: string;
}

export interface QueueEntry {
  uid: string;
  file: File;
  status: Status;
  /** 0 … 1 of the file's bytes sent. */
  progress: number;
  error?: string;
  /** The library holds the same file: offered instead of a second copy. */
  existing?: Existing[];
  item?: LibraryItem;
  usedExisting?: boolean;
  /** What the person typed as the title (the file name is never proposed as one). */
  title: string;
  /** The title being saved to the library after the upload, or the reason it was not. */
  titleState?: 'saving' | 'saved' | 'error';
  titleError?: string;
}

/** Everything the path needs between steps (not shown). */
interface Work {
  mime: string;
  sha256?: string;
  ticket?: UploadTicket;
  uploaded?: boolean;
  cancelled?: boolean;
  extra?: { width?: number; height?: number; duration?: number; poster?: Blob | null; posterKey?: string };
}

/** How many files travel at once; the rest wait their turn. */
export const PARALLEL_UPLOADS = 3;

const STATUS_TEXT: Record<Status, string> = {
  waiting: '等待上传',
  preparing: '正在读取文件…',
  duplicate: '库中已有相同的文件',
  uploading: '上传中',
  registering: '正在登记…',
  done: '已上传',
  error: '上传失败',
  cancelled: '已取消',
};

/**
 * The file's name without its extension: the poster's file name, and the title offered for an upload
 * (P2-10): filled in when it reads like a title (「解放J7 车展现场」), offered with 「用文件名」 when it
 * looks like a camera's or a designer's file name (「IMG_2034」, 「icon-news」), never saved unasked.
 */
export const stemOf = (file: File) => file.name.replace(/\.[^.]+$/, '').slice(0, 128) || file.name.slice(0, 128);
export const TITLE_MAX = 128;
const ACTIVE: Status[] = ['preparing', 'uploading', 'registering'];

export interface UploadQueueProps {
  kind: LibraryKind;
  /** Library tags given to every file uploaded here. */
  tagIds?: number[];
  /**
   * A file arrived in the library (or the person chose the item it already holds). An upload without
   * a typed title arrives as 「未命名图片」/「未命名视频」 (UNTITLED), never with its file name.
   */
  onUploaded?: (item: LibraryItem | Existing, info: { isExisting: boolean }) => void;
  /** A title typed after the file had arrived was saved to the library. */
  onTitleSaved?: (item: LibraryItem) => void;
  /** Reports whether anything is still on its way (a dialog asks before closing then). */
  onBusyChange?: (isBusy: boolean) => void;
  /** One file only (a cover). */
  single?: boolean;
}

/**
 * The upload queue of both libraries and of every picker: drop or choose several files; each gets
 * its own progress bar, cancel, a Chinese reason when it fails (too large, wrong type, storage
 * refused, network) and retry, while the others go on. A file the library already holds (same
 * SHA-256) is offered as the existing item before any byte is sent, and again if the register call
 * finds it (409): 使用已有 / 仍然上传.
 * @see DESIGN §6, §9; issue 6
 */
export function UploadQueue({ kind, tagIds = [], onUploaded, onTitleSaved, onBusyChange, single = false }: UploadQueueProps) {
  const [entries, setEntries] = useState<QueueEntry[]>([]);
  const [isOver, setOver] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const work = useRef(new Map<string, Work>());
  const handles = useRef(new Map<string, SendHandle>());
  const started = useRef(new Set<string>());
  const tagRef = useRef(tagIds);
  tagRef.current = tagIds;
  const onUploadedRef = useRef(onUploaded);
  onUploadedRef.current = onUploaded;
  const onTitleSavedRef = useRef(onTitleSaved);
  onTitleSavedRef.current = onTitleSaved;
  // The titles as typed, read when a file registers (the run callback would see stale state).
  const titles = useRef(new Map<string, string>());
  const savingTitles = useRef(new Set<string>());
  const noun = kind === 'pic' ? '图片' : '视频';
  const [limits, setLimits] = useState<UploadLimits | null>(null);
  useEffect(() => {
    let isCurrent = true;
    void uploadLimits().then((l) => isCurrent && setLimits(l));
    return () => {
      isCurrent = false;
    };
  }, []);

  const patch = useCallback((uid: string, change: Partial<QueueEntry>) => {
    setEntries((list) => list.map((e) => (e.uid === uid ? { ...e, ...change } : e)));
  }, []);

  /** Runs one file from wherever it stopped: read → ticket → send → poster → register. */
  const run = useCallback(
    async (entry: QueueEntry, { allowDuplicate = false } = {}) => {
      const { uid, file } = entry;
      const w = work.current.get(uid) ?? { mime: '' };
      work.current.set(uid, w);
      w.cancelled = false;
      const stopIfCancelled = () => {
        if (w.cancelled) throw new UploadError('已取消', 'cancelled');
      };
      try {
        if (!w.ticket) {
          patch(uid, { status: 'preparing', error: undefined, progress: 0 });
          const mime = mediaTypeOf(kind, file);
          if (!mime) throw new UploadError(`文件类型不符：只接受 ${Object.keys(ACCEPT[kind]).join('、')} ${noun}`, 'type');
          // This deployment's limits, checked before anything is read or asked for.
          const rule = (await uploadLimits())?.kinds[kind];
          if (rule && !rule.types.includes(mime)) throw new UploadError(`文件类型不符：只接受 ${rule.extensions.join('、')} ${noun}`, 'type');
          if (rule && file.size > rule.maxBytes) throw new UploadError(`文件过大（${formatBytes(file.size)}，上限 ${formatBytes(rule.maxBytes)}）`, 'tooLarge');
          w.mime = mime;
          w.sha256 ??= await sha256Hex(file);
          if (kind === 'pic') {
            const size = await pictureSize(file);
            if (!size) throw new UploadError('文件已损坏或不是图片', 'type');
            w.extra = size;
          } else {
            w.extra = await readVideo(file);
          }
          stopIfCancelled();
          w.ticket = await requestTicket({ kind, filename: file.name, size: file.size, mime, sha256: w.sha256 });
          stopIfCancelled();
          if (w.ticket.duplicates.length && !allowDuplicate) {
            patch(uid, { status: 'duplicate', existing: w.ticket.duplicates });
            return;
          }
        }
        if (!w.uploaded) {
          patch(uid, { status: 'uploading', progress: 0, existing: undefined });
          const handle = sendFile(w.ticket, file, (progress) => patch(uid, { progress }));
          handles.current.set(uid, handle);
          await handle.promise;
          handles.current.delete(uid);
          w.uploaded = true;
        }
        stopIfCancelled();
        patch(uid, { status: 'registering', progress: 1, existing: undefined });
        if (kind === 'video' && w.extra?.poster && !w.extra.posterKey) {
          // The poster frame travels with its own ticket; a video without one still registers.
          try {
            const poster = w.extra.poster;
            const ticket = await requestTicket({ kind: 'poster', filename: `${stemOf(file)}.jpg`, size: poster.size, mime: 'image/jpeg' });
            await sendFile(ticket, poster, () => undefined).promise;
            w.extra.posterKey = ticket.key;
          } catch {
            w.extra.poster = null;
          }
        }
        const sentTitle = (titles.current.get(uid) ?? '').trim().slice(0, TITLE_MAX);
        const item = await registerUpload(kind, {
          key: w.ticket.key,
          // Empty unless typed: the library then shows UNTITLED, a placeholder nobody takes for a title.
          title: sentTitle,
          tagIds: tagRef.current,
          allowDuplicate,
          width: w.extra?.width,
          height: w.extra?.height,
          size: file.size,
          mime: w.mime,
          sha256: w.sha256,
          ...(kind === 'video' ? { duration: w.extra?.duration ?? 0, posterKey: w.extra?.posterKey } : {}),
        });
        patch(uid, { status: 'done', item, progress: 1, ...(sentTitle ? { titleState: 'saved' as const } : {}) });
        onUploadedRef.current?.(item, { isExisting: false });
        // Typed while the file was registering: saved now.
        if ((titles.current.get(uid) ?? '').trim().slice(0, TITLE_MAX) !== sentTitle) void saveTitleRef.current?.(uid, item);
      } catch (err) {
        handles.current.delete(uid);
        if (err instanceof DuplicateError) {
          patch(uid, { status: 'duplicate', existing: [err.existing] });
          return;
        }
        const e = err instanceof UploadError ? err : new UploadError(err instanceof Error ? err.message : '上传失败', 'server');
        if (e.reason === 'cancelled') {
          // A retry asks for a fresh ticket: the server may still be letting go of this one.
          if (!w.uploaded) w.ticket = undefined;
          patch(uid, { status: 'cancelled', error: undefined });
          return;
        }
        // An expired or refused ticket is not worth retrying: the retry asks for a new one.
        if (!w.uploaded) w.ticket = undefined;
        patch(uid, { status: 'error', error: e.message });
      }
    },
    [kind, noun, patch],
  );

  /** Saves the typed title of a file already in the library (typed after it arrived). */
  const saveTitle = useCallback(
    async (uid: string, item: LibraryItem) => {
      const title = (titles.current.get(uid) ?? '').trim().slice(0, TITLE_MAX);
      // Cleared after the upload: the library keeps what it has (a title cannot be taken away here).
      // One save at a time per file: the one travelling looks again when it is back.
      if (!title || title === item.title || savingTitles.current.has(uid)) return;
      savingTitles.current.add(uid);
      patch(uid, { titleState: 'saving', titleError: undefined });
      const reply = await libraryClient[kind].update(item.id, { title });
      savingTitles.current.delete(uid);
      if (isOk(reply)) {
        const saved = { ...item, ...reply.data };
        patch(uid, { item: saved, titleState: 'saved' });
        onTitleSavedRef.current?.(saved);
        // Typed again while this save travelled.
        if ((titles.current.get(uid) ?? '').trim().slice(0, TITLE_MAX) !== saved.title) void saveTitleRef.current?.(uid, saved);
      } else {
        const reason = isFailure(reply) ? undefined : (reply.errors?.title ?? reply.message);
        patch(uid, { titleState: 'error', titleError: `标题没有保存${reason ? `：${reason}` : ''}，请重试` });
      }
    },
    [kind, patch],
  );
  const saveTitleRef = useRef(saveTitle);
  saveTitleRef.current = saveTitle;

  // Start waiting files while fewer than PARALLEL_UPLOADS are on their way.
  useEffect(() => {
    const active = entries.filter((e) => ACTIVE.includes(e.status)).length;
    const waiting = entries.filter((e) => e.status === 'waiting' && !started.current.has(e.uid));
    for (const entry of waiting.slice(0, Math.max(0, PARALLEL_UPLOADS - active))) {
      started.current.add(entry.uid);
      void run(entry).finally(() => started.current.delete(entry.uid));
    }
    onBusyChange?.(entries.some((e) => e.status === 'waiting' || ACTIVE.includes(e.status)));
  }, [entries, run, onBusyChange]);

  // Leaving the screen stops what is still travelling.
  useEffect(() => {
    const open = handles.current;
    return () => open.forEach((h) => h.abort());
  }, []);

  const add = (files: FileList | File[] | null) => {
    if (!files?.length) return;
    const chosen = [...files].slice(0, single ? 1 : 50);
    const fresh: QueueEntry[] = chosen.map((file) => {
      const uid = `${Date.now()}-${Math.random().toString(36).slice(2)}`;
      // A file name that reads like a title is the editable default; the others wait for 「用文件名」.
      const title = isPlaceholderTitle(stemOf(file)) ? '' : stemOf(file).slice(0, TITLE_MAX);
      if (title) titles.current.set(uid, title);
      return { uid, file, status: 'waiting' as Status, progress: 0, title };
    });
    setEntries((list) => (single ? fresh : [...list, ...fresh]));
  };

  const cancel = (entry: QueueEntry) => {
    const w = work.current.get(entry.uid);
    if (w) w.cancelled = true;
    const handle = handles.current.get(entry.uid);
    if (handle) handle.abort();
    else patch(entry.uid, { status: 'cancelled' });
  };
  const retry = (entry: QueueEntry) => {
    started.current.add(entry.uid);
    void run(entry).finally(() => started.current.delete(entry.uid));
  };
  const uploadAnyway = (entry: QueueEntry) => {
    started.current.add(entry.uid);
    void run(entry, { allowDuplicate: true }).finally(() => started.current.delete(entry.uid));
  };
  const takeExisting = (entry: QueueEntry, existing: Existing) => {
    patch(entry.uid, { status: 'done', usedExisting: true, existing: [existing], progress: 1 });
    onUploadedRef.current?.(existing, { isExisting: true });
  };
  const remove = (entry: QueueEntry) => {
    handles.current.get(entry.uid)?.abort();
    work.current.delete(entry.uid);
    titles.current.delete(entry.uid);
    setEntries((list) => list.filter((e) => e.uid !== entry.uid));
  };
  const typeTitle = (entry: QueueEntry, title: string) => {
    titles.current.set(entry.uid, title);
    patch(entry.uid, { title, ...(entry.titleState === 'saved' || entry.titleState === 'error' ? { titleState: undefined, titleError: undefined } : {}) });
  };
  const commitTitle = (entry: QueueEntry) => {
    if (entry.status !== 'done' || !entry.item || entry.usedExisting) return;
    // Emptied after a title was saved: the box shows the library's title again (it cannot be taken away).
    if (!entry.title.trim() && entry.item.title !== UNTITLED[kind]) {
      titles.current.set(entry.uid, entry.item.title);
      patch(entry.uid, { title: entry.item.title, titleState: 'saved' });
      return;
    }
    void saveTitle(entry.uid, entry.item);
  };

  // Leaving the page (menu, link, reload) while files travel asks first: leaving stops them.
  useUnsavedChanges(entries.some((e) => e.status === 'waiting' || ACTIVE.includes(e.status)));

  const accept =
    [...new Set(Object.values(ACCEPT[kind]))].join(',') +
    ',' +
    Object.keys(ACCEPT[kind])
      .map((e) => `.${e}`)
      .join(',');
  const finished = entries.filter((e) => e.status === 'done' || e.status === 'cancelled').length;

  return (
    <div>
      <div
        data-testid="upload-drop"
        onDragOver={(e: DragEvent) => {
          e.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={(e: DragEvent) => {
          e.preventDefault();
          setOver(false);
          add(e.dataTransfer.files);
        }}
        style={{
          border: `1px dashed ${isOver ? '#1d5bd8' : '#b0b7c3'}`,
          background: isOver ? '#e6efff' : '#fafafa',
          borderRadius: 8,
          padding: '20px 16px',
          textAlign: 'center',
        }}
      >
        <CloudUploadOutlined aria-hidden style={{ fontSize: 32, color: '#1d5bd8' }} />
        <div style={{ margin: '8px 0' }}>
          把{noun}拖到这里，或{' '}
          <Button type="primary" size="small" onClick={() => input.current?.click()}>
            选择{noun}
          </Button>
        </div>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {single ? '一次一个，' : '可一次选择多个，'}
          {limitText(kind, limits)}
        </Typography.Text>
        <input
          ref={input}
          type="file"
          data-testid="upload-input"
          aria-label={`选择要上传的${noun}`}
          accept={accept}
          multiple={!single}
          hidden
          onChange={(e) => {
            add(e.target.files);
            e.target.value = '';
          }}
        />
      </div>
      {entries.length > 0 && (
        <>
          <div style={{ display: 'flex', justifyContent: 'space-between', margin: '12px 0 4px' }}>
            <Typography.Text type="secondary">
              {entries.length} 个文件，已完成 {entries.filter((e) => e.status === 'done').length} 个
              {entries.some((e) => e.status === 'error') ? `，失败 ${entries.filter((e) => e.status === 'error').length} 个` : ''}
            </Typography.Text>
            {finished > 0 && (
              <Button size="small" type="link" onClick={() => setEntries((list) => list.filter((e) => e.status !== 'done' && e.status !== 'cancelled'))}>
                清除已完成
              </Button>
            )}
          </div>
          <ul aria-label="上传队列" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
            {entries.map((entry) => (
              <QueueRow
                key={entry.uid}
                entry={entry}
                noun={noun}
                untitled={UNTITLED[kind]}
                onTitleChange={(title) => typeTitle(entry, title)}
                onTitleCommit={() => commitTitle(entry)}
                onCancel={() => cancel(entry)}
                onRetry={() => retry(entry)}
                onRemove={() => remove(entry)}
                onUploadAnyway={() => uploadAnyway(entry)}
                onUseExisting={(existing) => takeExisting(entry, existing)}
              />
            ))}
          </ul>
        </>
      )}
    </div>
  );
}

function QueueRow({
  entry,
  noun,
  untitled,
  onTitleChange,
  onTitleCommit,
  onCancel,
  onRetry,
  onRemove,
  onUploadAnyway,
  onUseExisting,
}: {
  entry: QueueEntry;
  noun: string;
  untitled: string;
  onTitleChange: (title: string) => void;
  onTitleCommit: () => void;
  onCancel: () => void;
  onRetry: () => void;
  onRemove: () => void;
  onUploadAnyway: () => void;
  onUseExisting: (existing: Existing) => void;
}) {
  const { file, status } = entry;
  const percent = Math.round(entry.progress * 100);
  const isActive = ACTIVE.includes(status) || status === 'waiting';
  const progressStatus = status === 'error' ? 'exception' : status === 'done' ? 'success' : status === 'cancelled' ? 'normal' : 'active';
  return (
    <li data-testid="upload-row" data-status={status} aria-label={file.name} style={{ padding: '8px 0', borderBottom: '1px solid #f0f0f0' }}>
      <div style={{ display: 'flex', gap: 8, alignItems: 'baseline', justifyContent: 'space-between', flexWrap: 'wrap' }}>
        <Typography.Text strong ellipsis={{ tooltip: file.name }} style={{ maxWidth: '60%' }}>
          {file.name}
        </Typography.Text>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {formatBytes(file.size)} ·{' '}
          <span data-testid="upload-status" role="status">
            {status === 'uploading' ? `上传中 ${percent}%` : entry.usedExisting ? `已使用库中的${noun}` : STATUS_TEXT[status]}
          </span>
        </Typography.Text>
      </div>
      <Progress percent={status === 'preparing' ? 0 : percent} size="small" status={progressStatus} showInfo={false} aria-label={`「${file.name}」上传进度`} />
      {!entry.usedExisting && status !== 'duplicate' && (
        <TitleField entry={entry} noun={noun} untitled={untitled} onChange={onTitleChange} onCommit={onTitleCommit} />
      )}
      {entry.error && (
        <Typography.Text type="danger" data-testid="upload-error" style={{ display: 'block', fontSize: 13 }}>
          {entry.error}
        </Typography.Text>
      )}
      {status === 'duplicate' && entry.existing && (
        <div
          data-testid="duplicate-offer"
          style={{ display: 'flex', gap: 12, alignItems: 'center', flexWrap: 'wrap', background: '#fffbe6', padding: 8, borderRadius: 6, marginTop: 4 }}
        >
          {entry.existing[0].thumbUrl && (
            <Image src={entry.existing[0].thumbUrl} alt="" width={48} height={48} style={{ objectFit: 'cover' }} preview={false} />
          )}
          <span style={{ flex: 1, minWidth: 160 }}>
            库中已有相同的{noun}「{entry.existing[0].title}」
          </span>
          <Space wrap>
            <Button size="small" type="primary" onClick={() => onUseExisting(entry.existing![0])}>
              使用已有{noun}
            </Button>
            <Button size="small" onClick={onUploadAnyway}>
              仍然上传
            </Button>
          </Space>
        </div>
      )}
      <Space size={4} style={{ marginTop: 2 }}>
        {isActive && (
          <Button size="small" type="link" onClick={onCancel} aria-label={`取消上传「${file.name}」`}>
            取消
          </Button>
        )}
        {(status === 'error' || status === 'cancelled') && (
          <Button size="small" type="link" onClick={onRetry} aria-label={`重试「${file.name}」`}>
            重试
          </Button>
        )}
        {!isActive && (
          <Button size="small" type="link" onClick={onRemove} aria-label={`从队列移除「${file.name}」`}>
            移除
          </Button>
        )}
      </Space>
    </li>
  );
}

/**
 * The title of one file. A file name that reads like a title is filled in as an editable default;
 * one that does not (「IMG_2034」) is shown in the placeholder and offered with 「用文件名」, never saved
 * unasked (review P3-15, ux-2026-11-28 P2-10). Typed before the file has registered the title goes
 * with it; typed later it is saved on Enter or on leaving the box.
 */
function TitleField({
  entry,
  noun,
  untitled,
  onChange,
  onCommit,
}: {
  entry: QueueEntry;
  noun: string;
  untitled: string;
  onChange: (title: string) => void;
  onCommit: () => void;
}) {
  const { file, status, item, titleState } = entry;
  const isUntitled = status === 'done' && item?.title === untitled && !entry.title.trim();
  return (
    <div style={{ marginTop: 4 }}>
      <Input
        size="small"
        aria-label={`「${file.name}」的标题`}
        prefix={
          <span aria-hidden style={{ color: '#595959' }}>
            标题
          </span>
        }
        placeholder={`文件名：${file.name}`}
        maxLength={TITLE_MAX}
        value={entry.title}
        data-testid="upload-title"
        onChange={(e) => onChange(e.target.value)}
        onBlur={onCommit}
        onPressEnter={onCommit}
        status={titleState === 'error' ? 'error' : undefined}
        suffix={
          entry.title ? undefined : (
            <Button
              type="link"
              size="small"
              style={{ padding: 0, height: 'auto' }}
              aria-label={`用文件名「${stemOf(file)}」作标题`}
              // The caret stays in the box: the name can be edited at once.
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => {
                onChange(stemOf(file).slice(0, TITLE_MAX));
                if (status === 'done') setTimeout(onCommit, 0);
              }}
            >
              用文件名
            </Button>
          )
        }
      />
      <Typography.Text
        type={titleState === 'error' ? 'danger' : 'secondary'}
        data-testid="upload-title-state"
        style={{ display: 'block', fontSize: 12 }}
        aria-live="polite"
      >
        {titleState === 'saving'
          ? '正在保存标题…'
          : titleState === 'saved'
            ? '标题已保存'
            : titleState === 'error'
              ? entry.titleError
              : isUntitled
                ? `未填写标题：库中显示为「${untitled}」，可在这里或${noun}库中补上`
                : status === 'done'
                  ? null
                  : entry.title && entry.title === stemOf(file).slice(0, TITLE_MAX)
                    ? '标题取自文件名，可以修改'
                    : '选填；不填则显示为「' + untitled + '」，读者看不到这个占位名'}
      </Typography.Text>
    </div>
  );
}
