'use client';

import { Button } from 'antd';
import type { ResourceScreenOptions } from './use-resource-screen';

type Group = { id: number; name: string };

/**
 * `useResourceScreen` options for a short list of groups beside the list it narrows (tag types,
 * category types): all of it on one page, not in the URL, drag-ordered; the name picks the group
 * (shown pressed) and a count says how many records it holds.
 */
export function groupListOptions<T extends Group>({
  chosen,
  onPick,
  countTitle,
  count,
}: {
  chosen: number | null;
  onPick: (group: T) => void;
  countTitle: string;
  count: (group: T) => number | undefined;
}): ResourceScreenOptions<T> {
  return {
    isLocal: true,
    pageSize: 100,
    filters: [],
    deletable: true,
    fieldColumns: [
      {
        key: 'name',
        title: '类型名称',
        render: (_: unknown, t: T) => (
          <Button
            type="link"
            size="small"
            style={{ paddingInline: 0, height: 'auto', whiteSpace: 'nowrap', textAlign: 'left', fontWeight: t.id === chosen ? 600 : undefined }}
            aria-pressed={t.id === chosen}
            onClick={() => onPick(t)}
          >
            {t.name}
          </Button>
        ),
      },
      { key: 'count', title: countTitle, width: 56, align: 'right', render: (_: unknown, t: T) => count(t) },
    ],
    columns: { actions: { width: 120, fixed: undefined } },
  };
}
