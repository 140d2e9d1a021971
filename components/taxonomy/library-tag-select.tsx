'use client';

import { useQueryClient } from '@tanstack/react-query';
import { Select, type SelectProps } from 'antd';
import type { LibraryKind, LibraryTag } from '@/lib/api/media';
import { invalidate, queryKeys, resourcePath } from '@/lib/query';
import { allRowsRead } from '@/lib/query/reads';
import { useApiRead } from '@/lib/query/use-api-read';
import type { ListResult } from '@/lib/resources/define';
import { picStoreTagResource, videoStoreTagResource } from '@/lib/resources/media';

const NO_TAGS: LibraryTag[] = [];

/**
 * The library tags of a kind (tens, drag-sorted; every one), a read of the data layer shared with
 * 图片标签 / 视频标签, whose writes refresh it here. `reload` after creating one elsewhere.
 */
export function useLibraryTags(kind: LibraryKind) {
  const path = resourcePath(kind === 'pic' ? picStoreTagResource : videoStoreTagResource);
  const queryClient = useQueryClient();
  const tags = useApiRead<ListResult<LibraryTag>>(allRowsRead(path)).data?.list ?? NO_TAGS;
  return { tags, reload: () => invalidate(queryClient, [queryKeys.all(path)]) };
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
