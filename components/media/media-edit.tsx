'use client';

import { Form } from 'antd';
import { ResourceFormModal } from '@/components/crud';
import { LibraryTagSelect } from '@/components/taxonomy/library-tag-select';
import { libraryClient, type LibraryItem, type LibraryKind } from '@/lib/api/media';
import { picStoreResource, videoStoreResource } from '@/lib/resources/media';
import { CoverInput } from './cover-input';

/** Edits a library item's title and tags (and a video's cover), with the resource form's behaviour. */
export function MediaEditModal({
  kind,
  item,
  open,
  onClose,
  onSaved,
}: {
  kind: LibraryKind;
  item: LibraryItem | null;
  open: boolean;
  onClose: () => void;
  onSaved: (item: LibraryItem) => void;
}) {
  const def = kind === 'pic' ? picStoreResource : videoStoreResource;
  return (
    <ResourceFormModal<LibraryItem>
      def={def}
      open={open}
      record={item}
      onClose={onClose}
      onSaved={onSaved}
      submit={(values) => libraryClient[kind].update(item!.id, values as never) as never}
      fieldsOverride={{ tagIds: <LibraryTagSelect kind={kind} aria-label="标签" placeholder="选择标签（可多选）" /> }}
      extraFields={
        kind === 'video' ? (
          <Form.Item name="cover" label="封面" extra="上传时从视频中截取；可从图片库另选">
            <CoverInput />
          </Form.Item>
        ) : undefined
      }
    />
  );
}
