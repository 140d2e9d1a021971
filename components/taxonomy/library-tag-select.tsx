'use client';

import { useEffect, useState } from 'react';
import { Select, type SelectProps } from 'antd';
import { isOk } from '@/lib/api/resource';
import { libraryTagClient, type LibraryKind, type LibraryTag } from '@/lib/api/media';

const cache: Partial<Record<LibraryKind, Promise<LibraryTag[]>>> = {};

/** The library's own tags (tens, drag-sorted): loaded once per tab and kind. */
export function loadLibraryTags(kind: LibraryKind, { fresh = false } = {}): Promise<LibraryTag[]> {
  if (fresh || !cache[kind]) {
    cache[kind] = libraryTagClient[kind].list({ pageSize: 100 }).then((reply) => {
      if (!isOk(reply)) {
        delete cache[kind];
        return [];
      }
      return reply.data.list;
    });
  }
  return cache[kind]!;
}

/** The library tags of a kind as state; `reload` after creating one. */
export function useLibraryTags(kind: LibraryKind) {
  const [tags, setTags] = useState<LibraryTag[]>([]);
  useEffect(() => {
    let isCurrent = true;
    void loadLibraryTags(kind).then((t) => isCurrent && setTags(t));
    return () => {
      isCurrent = false;
    };
  }, [kind]);
  return { tags, reload: async () => setTags(await loadLibraryTags(kind, { fresh: true })) };
}

export type LibraryTagSelectProps = Omit<SelectProps<number[] | number>, 'options'> & { kind: LibraryKind };

/** A select over the picture or video library's tags (图片标签 / 视频标签). */
export function LibraryTagSelect({ kind, mode = 'multiple', placeholder = '选择标签', ...rest }: LibraryTagSelectProps) {
  const { tags } = useLibraryTags(kind);
  return (
    <Select
      mode={mode}
      allowClear
      placeholder={placeholder}
      aria-label={rest['aria-label'] ?? '标签'}
      showSearch={{ optionFilterProp: 'label' }}
      options={tags.map((t) => ({ value: t.id, label: t.name }))}
      {...rest}
    />
  );
}
