'use client';

import { useEffect, useMemo, useRef, useState } from 'react';
import { Select, Spin, Typography } from 'antd';
import { http } from '@/lib/http';
import { isOk } from '@/lib/api/resource';
import type { Tag, TagType } from '@/lib/resources/taxonomy';

/** How long typing pauses before the picker asks the server. */
export const TAG_SEARCH_DELAY_MS = 250;

type Found = Pick<Tag, 'id' | 'name' | 'typeId'>;

/** Names of tags seen in this tab, so a form reopening with tag ids shows names at once. */
const known = new Map<number, Found>();
let typesPromise: Promise<Map<number, string>> | null = null;

/** Tag types are few (tens): loaded once per tab and kept, to show each tag's type. */
function loadTypes(): Promise<Map<number, string>> {
  typesPromise ??= http.main.get<{ list: TagType[] }>('/api/tags_types', { pageSize: 100 }).then((reply) => {
    if (!isOk(reply)) {
      typesPromise = null;
      return new Map();
    }
    return new Map(reply.data.list.map((t) => [t.id, t.name]));
  });
  return typesPromise;
}

/** Forget the cached types (after the tag-type screen changed them). */
export function forgetTagTypes() {
  typesPromise = null;
}

/** Ids whose names are not known yet, fetched in one call (`GET /api/tags?ids=`; a record holds at most 50 tags). */
async function resolveNames(ids: number[]) {
  const missing = [...new Set(ids.filter((id) => !known.has(id)))];
  if (!missing.length) return;
  const reply = await http.main.get<{ list: Found[] }>('/api/tags', { ids: missing.join(','), pageSize: 100 });
  if (isOk(reply)) for (const t of reply.data.list) known.set(t.id, t);
}

export interface TagPickerProps {
  value?: number[];
  onChange?: (ids: number[]) => void;
  /** Only tags of this type. */
  typeId?: number;
  placeholder?: string;
  disabled?: boolean;
  id?: string;
  'aria-label'?: string;
  /** Most tags a record may hold (the schemas allow 50). */
  max?: number;
  style?: React.CSSProperties;
}

/**
 * The tag picker of every form that tags content: a multiple Select that asks `GET /api/tags/search`
 * as one types (debounced; at most 20 answers, names starting with the text first), so it stays quick
 * with tens of thousands of tags: nothing is loaded up front. Each option shows its type.
 * @see DESIGN §4, issue 6
 */
export function TagPicker({ value = [], onChange, typeId, placeholder = '输入文字搜索标签', disabled, id, max = 50, style, ...rest }: TagPickerProps) {
  const [options, setOptions] = useState<Found[]>([]);
  const [types, setTypes] = useState<Map<number, string>>(new Map());
  const [searching, setSearching] = useState(false);
  const [, setResolved] = useState(0);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const requestNo = useRef(0);

  useEffect(() => {
    void loadTypes().then(setTypes);
  }, []);

  const valueKey = value.join(',');
  useEffect(() => {
    if (value.some((v) => !known.has(v))) void resolveNames(value).then(() => setResolved((n) => n + 1));
    // valueKey stands for value.
  }, [valueKey]);

  const search = (keyword: string) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(async () => {
      const no = ++requestNo.current;
      setSearching(true);
      const reply = await http.main.get<Found[]>('/api/tags/search', { keyword: keyword.trim(), typeId });
      if (no !== requestNo.current) return;
      setSearching(false);
      if (isOk(reply)) {
        for (const t of reply.data) known.set(t.id, t);
        setOptions(reply.data);
      }
    }, TAG_SEARCH_DELAY_MS);
  };
  useEffect(() => () => clearTimeout(timer.current), []);

  const selectOptions = useMemo(() => {
    const chosen = value.map((v) => known.get(v) ?? { id: v, name: `#${v}`, typeId: 0 });
    const seen = new Set(value);
    return [...chosen, ...options.filter((o) => !seen.has(o.id))].map((t) => ({
      value: t.id,
      label: t.name,
      title: types.get(t.typeId) ? `${t.name}（${types.get(t.typeId)}）` : t.name,
      typeName: types.get(t.typeId),
    }));
    // `known` changes are signalled through setResolved.
  }, [value, options, types]);

  return (
    <Select<number[]>
      id={id}
      mode="multiple"
      aria-label={rest['aria-label'] ?? '标签'}
      value={value}
      disabled={disabled}
      style={{ width: '100%', ...style }}
      placeholder={placeholder}
      showSearch={{ filterOption: false, onSearch: search }}
      onOpenChange={(open) => open && options.length === 0 && search('')}
      onChange={(ids) => onChange?.(ids.slice(0, max))}
      maxCount={max}
      notFoundContent={searching ? <Spin size="small" /> : '没有找到标签'}
      options={selectOptions}
      optionRender={(option) => (
        <span style={{ display: 'flex', justifyContent: 'space-between', gap: 8 }}>
          <span>{option.label}</span>
          {option.data.typeName && (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {option.data.typeName}
            </Typography.Text>
          )}
        </span>
      )}
      allowClear
    />
  );
}
