'use client';

import { useEffect, useRef, useState } from 'react';
import { Button, Input, Select } from 'antd';
import { ClearOutlined } from '@ant-design/icons';
import dayjs, { type Dayjs } from 'dayjs';
import { LazyDateRangeInput, rangeToQuery, TYPING_DELAY_MS, type QueryPatch } from '@/components/crud';
import { CHECK_STATUS_OPTIONS } from '@/lib/resources/media';
import { uploaderSearch, type LibraryKind, type LibraryTag, type Uploader } from '@/lib/api/media';
import type { ListQuery } from '@/components/crud/use-list-query';
import styles from './media.module.css';

/** The query parameters the library filters write. */
export const LIBRARY_FILTER_PARAMS = ['keyword', 'tagId', 'uploaderId', 'checkStatus', 'from', 'to'] as const;

export const isLibraryFiltered = (q: ListQuery) => LIBRARY_FILTER_PARAMS.some((p) => q[p]);
export const clearLibraryFilters = (): QueryPatch => Object.fromEntries(LIBRARY_FILTER_PARAMS.map((p) => [p, undefined]));

/**
 * The library's filter bar: keyword (applies when typing pauses, or on Enter), tag, uploader, check
 * status (pictures), upload date. The same model as `ResourceFilters` (apply on change, 清除筛选),
 * written without a Form so that a picker dialog above a list screen never repeats its field ids.
 */
export function MediaFilters({
  kind,
  query,
  onChange,
  tags,
  uploaders,
}: {
  kind: LibraryKind;
  query: ListQuery;
  onChange: (patch: QueryPatch) => void;
  tags: LibraryTag[];
  /** Who can be filtered on: the viewer and the uploaders seen in the list. */
  uploaders: Array<{ id: number; name: string }>;
}) {
  const [keyword, setKeyword] = useState(query.keyword ?? '');
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const lastWritten = useRef<string | undefined>(query.keyword);
  // Follow the query when it changes from outside (back, 清除筛选), not while typing.
  useEffect(() => {
    if (query.keyword !== lastWritten.current) {
      lastWritten.current = query.keyword;
      setKeyword(query.keyword ?? '');
    }
  }, [query.keyword]);
  useEffect(() => () => clearTimeout(timer.current), []);

  const applyKeyword = (text: string, delay: number) => {
    clearTimeout(timer.current);
    const value = text.trim() || undefined;
    const run = () => {
      if ((query.keyword || undefined) === value) return;
      lastWritten.current = value;
      onChange({ keyword: value });
    };
    if (delay) timer.current = setTimeout(run, delay);
    else run();
  };

  const from = query.from ? dayjs(query.from) : null;
  const to = query.to ? dayjs(query.to) : null;
  const numberOr = (v: string | undefined) => (v === undefined || v === '' ? undefined : Number(v));

  return (
    <div role="search" aria-label="筛选素材" className={styles.filters}>
      <Input
        type="search"
        allowClear
        aria-label="关键词"
        placeholder="搜索标题"
        value={keyword}
        className={styles.fKeyword}
        onChange={(e) => {
          setKeyword(e.target.value);
          applyKeyword(e.target.value, e.type === 'change' ? TYPING_DELAY_MS : 0);
        }}
        onPressEnter={(e) => applyKeyword(e.currentTarget.value, 0)}
      />
      <Select
        allowClear
        showSearch={{ optionFilterProp: 'label' }}
        aria-label="标签"
        placeholder="标签"
        className={styles.fSelect}
        value={numberOr(query.tagId)}
        options={tags.map((t) => ({ value: t.id, label: t.name }))}
        onChange={(v?: number) => onChange({ tagId: v })}
      />
      <UploaderSelect kind={kind} value={numberOr(query.uploaderId)} seeds={uploaders} onChange={(v) => onChange({ uploaderId: v })} />
      {kind === 'pic' && (
        <Select
          allowClear
          aria-label="检测状态"
          placeholder="检测状态"
          className={styles.fSelect}
          value={numberOr(query.checkStatus)}
          options={CHECK_STATUS_OPTIONS}
          onChange={(v?: number) => onChange({ checkStatus: v })}
        />
      )}
      <LazyDateRangeInput
        aria-label="上传时间"
        placeholder={['上传开始', '上传结束']}
        className={styles.fRange}
        value={from || to ? [from?.isValid() ? from : null, to?.isValid() ? to : null] : null}
        onChange={(range) => onChange(rangeToQuery(range as Array<Dayjs | null> | null))}
      />
      {isLibraryFiltered(query) && (
        <Button icon={<ClearOutlined aria-hidden />} onClick={() => onChange(clearLibraryFilters())}>
          清除筛选
        </Button>
      )}
    </div>
  );
}

/**
 * 上传者: searches everyone who has uploaded to this library (`GET /api/{pic|video}_stores/uploaders`)
 * as one types, each with their department; 我上传的 first. An id in the URL is named by the server.
 */
function UploaderSelect({
  kind,
  value,
  seeds,
  onChange,
}: {
  kind: LibraryKind;
  value?: number;
  seeds: Array<{ id: number; name: string }>;
  onChange: (id?: number) => void;
}) {
  const [found, setFound] = useState<Uploader[]>([]);
  const [searching, setSearching] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const asked = useRef(0);
  const search = (params: { keyword?: string; ids?: string }) => {
    const no = ++asked.current;
    setSearching(true);
    void uploaderSearch(kind, params).then((list) => {
      if (no !== asked.current) return;
      setSearching(false);
      if (list) setFound(list);
    });
  };
  useEffect(() => {
    search(value && !seeds.some((s) => s.id === value) ? { ids: String(value) } : {});
    return () => clearTimeout(timer.current);
    // Asked again when the library changes; a chosen id is named on the first load.
  }, [kind]);
  const options = [
    ...seeds.filter((s) => !found.some((f) => f.id === s.id)).map((s) => ({ value: s.id, label: s.name })),
    ...found.map((u) => ({ value: u.id, label: u.departmentName ? `${u.name}（${u.departmentName}）` : u.name })),
  ];
  return (
    <Select
      allowClear
      showSearch={{
        filterOption: false,
        onSearch: (text) => {
          clearTimeout(timer.current);
          timer.current = setTimeout(() => search(text.trim() ? { keyword: text.trim() } : {}), TYPING_DELAY_MS);
        },
      }}
      aria-label="上传者"
      placeholder="上传者"
      className={styles.fSelect}
      popupMatchSelectWidth={220}
      loading={searching}
      notFoundContent={searching ? '正在查找…' : '没有找到上传者'}
      value={value}
      options={options}
      onChange={(v?: number) => onChange(v)}
    />
  );
}
