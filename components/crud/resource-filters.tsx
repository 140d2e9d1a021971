'use client';

import { useEffect, useRef, type ReactNode } from 'react';
import { Button, Form, Input, Select } from 'antd';
import { ClearOutlined } from '@ant-design/icons';
import dayjs, { type Dayjs } from 'dayjs';
import type { FieldOption, FilterDef } from '@/lib/resources/define';
import { clearable } from './clearable';
import { clearPatch, filterParams, isFiltered, rangeToQuery, type QueryPatch } from './list-query';
import { LazyDateRangeInput } from './lazy-date-range';

export interface ResourceFiltersProps {
  /** Usually `resource.filters`. */
  filters: FilterDef[];
  /** The current URL query (`useResourceList().query`): the fields show it, so reload and back restore them. */
  values: Record<string, string>;
  /** Writes query parameters; pass `useResourceList().setQuery`. Empty values remove the parameter. */
  onChange: (patch: QueryPatch) => void;
  /** Shown on the right, e.g. the 新增 button. */
  extra?: ReactNode;
  /** Options known only at run time (e.g. roles), keyed by filter name; they win over `filter.options`. */
  optionsFor?: Record<string, FieldOption[]>;
  /** A line under the bar, e.g. the viewer's data scope. */
  note?: ReactNode;
  /**
   * Controls a screen supplies itself, keyed by filter name (e.g. a tag search or a tree): each reads
   * its value from `values` and writes through `onChange`; the bar lays it out and clears it.
   */
  controls?: Record<string, ReactNode>;
}

/** How long typed text waits before it applies (Enter applies at once). */
export const TYPING_DELAY_MS = 400;

type FormValues = Record<string, unknown>;

/** Query strings → field values. Select values are matched back to their option (`'2'` → `2`). */
function toFormValues(filters: FilterDef[], values: Record<string, string>, optionsFor: ResourceFiltersProps['optionsFor']): FormValues {
  const out: FormValues = {};
  for (const filter of filters) {
    if (filter.input === 'dateRange') {
      const [fromParam, toParam] = filterParams(filter);
      const from = values[fromParam] ? dayjs(values[fromParam]) : null;
      const to = values[toParam] ? dayjs(values[toParam]) : null;
      out[filter.name] = from?.isValid() || to?.isValid() ? [from?.isValid() ? from : null, to?.isValid() ? to : null] : undefined;
    } else if (filter.input === 'select') {
      const raw = values[filter.name];
      const options = optionsFor?.[filter.name] ?? filter.options ?? [];
      out[filter.name] = raw === undefined ? undefined : (options.find((o) => String(o.value) === raw)?.value ?? raw);
    } else {
      out[filter.name] = values[filter.name];
    }
  }
  return out;
}

/**
 * The search bar above a list, the one filter model of every list (docs/decisions.md, issue 11):
 * every filter applies as soon as it changes, typed text once typing pauses (or on Enter); values
 * live in the URL. 清除筛选 appears while any filter is set.
 * @see STYLE §2
 */
export function ResourceFilters({ filters, values, onChange, extra, optionsFor, note, controls }: ResourceFiltersProps) {
  const [form] = Form.useForm<FormValues>();
  const timers = useRef(new Map<string, ReturnType<typeof setTimeout>>());
  // What this bar last wrote per parameter: the URL catching up with it must not overwrite text
  // typed meanwhile.
  const written = useRef(new Map<string, string | undefined>());

  // The URL is the source of truth: follow it when it changes (back/forward, reset, links) or when
  // options arrive. Comparing by content means a re-render never wipes a keyword being typed.
  const fieldValues = toFormValues(filters, values, optionsFor);
  const fieldKey = JSON.stringify(fieldValues);
  useEffect(() => {
    const next: FormValues = {};
    for (const filter of filters) {
      const isText = filter.input === 'keyword' || filter.input === 'text';
      if (isText && written.current.has(filter.name) && written.current.get(filter.name) === values[filter.name]) continue;
      written.current.delete(filter.name);
      next[filter.name] = fieldValues[filter.name];
    }
    form.setFieldsValue(next);
    // fieldKey stands for fieldValues in the dependencies.
  }, [form, fieldKey]);

  useEffect(() => {
    const pending = timers.current;
    return () => pending.forEach((t) => clearTimeout(t));
  }, []);

  const applyText = (name: string, text: string, delay: number) => {
    clearTimeout(timers.current.get(name));
    const value = text.trim() || undefined;
    const run = () => {
      timers.current.delete(name);
      if ((values[name] || undefined) === value) return;
      written.current.set(name, value);
      onChange({ [name]: value });
    };
    if (delay === 0) run();
    else timers.current.set(name, setTimeout(run, delay));
  };

  const hasFilters = isFiltered(filters, values);
  const clear = () => {
    timers.current.forEach((t) => clearTimeout(t));
    timers.current.clear();
    written.current.clear();
    form.resetFields();
    form.setFieldsValue(Object.fromEntries(filters.map((f) => [f.name, undefined])));
    onChange(clearPatch(filters));
  };

  const inputFor = (filter: FilterDef): ReactNode => {
    const placeholder = filter.placeholder ?? filter.label;
    switch (filter.input) {
      case 'keyword':
      case 'text':
        return (
          <Input
            allowClear
            type="search"
            aria-label={filter.label}
            placeholder={placeholder}
            style={{ width: filter.input === 'keyword' ? 220 : 160, maxWidth: '100%' }}
            onChange={(e) => applyText(filter.name, e.target.value, e.type === 'change' ? TYPING_DELAY_MS : 0)}
            onPressEnter={(e) => applyText(filter.name, e.currentTarget.value, 0)}
          />
        );
      case 'select':
        return (
          <Select
            // A filter with a default has 「全部」 instead of a clear (clearing would bring the default back).
            allowClear={filter.default === undefined ? clearable() : false}
            aria-label={filter.label}
            placeholder={placeholder}
            style={{ width: 140 }}
            options={optionsFor?.[filter.name] ?? filter.options ?? []}
            onChange={(value: FieldOption['value'] | undefined) =>
              onChange({ [filter.name]: value === undefined || value === null ? undefined : String(value) })
            }
          />
        );
      case 'dateRange':
        return (
          <LazyDateRangeInput
            aria-label={filter.label}
            withTime={filter.withTime}
            placeholder={['开始时间', '结束时间']}
            onChange={(range) => {
              const { from, to } = rangeToQuery(range as Array<Dayjs | null> | null, filter.withTime);
              const [fromParam, toParam] = filterParams(filter);
              onChange({ [fromParam]: from, [toParam]: to });
            }}
          />
        );
    }
  };

  return (
    <div style={{ marginBottom: 16 }}>
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: 12, justifyContent: 'space-between', alignItems: 'flex-start' }}>
        <Form
          form={form}
          // Ids are `filters_<name>`: never the same as a dialog field's id on the same page.
          name="filters"
          layout="inline"
          initialValues={fieldValues}
          style={{ rowGap: 12, flex: '1 1 240px', minWidth: 0 }}
          role="search"
          aria-label="筛选"
          onFinish={() => undefined}
        >
          {filters.map((filter) =>
            controls?.[filter.name] !== undefined ? (
              // The screen's own control: not a form field (it follows the URL itself).
              <Form.Item key={filter.name} label={filter.label}>
                {controls[filter.name]}
              </Form.Item>
            ) : (
              <Form.Item
                key={filter.name}
                name={filter.name}
                label={filter.input === 'keyword' ? undefined : filter.label}
                className={filter.input === 'dateRange' ? 'filter-range' : undefined}
              >
                {inputFor(filter)}
              </Form.Item>
            ),
          )}
          {hasFilters && (
            <Form.Item>
              <Button icon={<ClearOutlined aria-hidden />} onClick={clear}>
                清除筛选
              </Button>
            </Form.Item>
          )}
        </Form>
        {extra && <div style={{ display: 'flex', flexWrap: 'wrap', gap: 8, flex: 'none' }}>{extra}</div>}
      </div>
      {note && <div style={{ marginTop: 8 }}>{note}</div>}
    </div>
  );
}
