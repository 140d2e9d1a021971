'use client';

import { useEffect, type ReactNode } from 'react';
import { Button, DatePicker, Form, Input, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import type { FieldOption, FilterDef } from '@/lib/resources/define';
import type { QueryPatch } from './use-resource-list';

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
}

/**
 * The query parameters a filter writes. A date range writes `from` and `to` (ISO strings), which is
 * what the list APIs read (see server/routes/logs.ts), so a resource has at most one date range.
 */
export function filterParams(filter: FilterDef): string[] {
  return filter.input === 'dateRange' ? ['from', 'to'] : [filter.name];
}

type FormValues = Record<string, unknown>;

/** Query strings → field values. Select values are matched back to their option (`'2'` → `2`). */
function toFormValues(filters: FilterDef[], values: Record<string, string>, optionsFor: ResourceFiltersProps['optionsFor']): FormValues {
  const out: FormValues = {};
  for (const filter of filters) {
    if (filter.input === 'dateRange') {
      out[filter.name] = values.from || values.to ? [values.from ? dayjs(values.from) : null, values.to ? dayjs(values.to) : null] : undefined;
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
 * The search bar above a list: one inline form item per declared filter, values kept in the URL.
 * Keyword and text filters apply on Enter (or the search button); selects and date ranges at once.
 * @see STYLE §2
 */
export function ResourceFilters({ filters, values, onChange, extra, optionsFor }: ResourceFiltersProps) {
  const [form] = Form.useForm<FormValues>();

  // The URL is the source of truth: follow it when it changes (back/forward, reset, links) or when
  // options arrive. Comparing by content means a re-render never wipes a keyword being typed.
  const fieldValues = toFormValues(filters, values, optionsFor);
  const fieldKey = JSON.stringify(fieldValues);
  useEffect(() => {
    form.setFieldsValue(fieldValues);
    // fieldKey stands for fieldValues in the dependencies.
  }, [form, fieldKey]);

  const reset = () => {
    const patch: QueryPatch = {};
    for (const filter of filters) for (const param of filterParams(filter)) patch[param] = undefined;
    form.resetFields();
    onChange(patch);
  };

  const inputFor = (filter: FilterDef): ReactNode => {
    const placeholder = filter.placeholder ?? filter.label;
    switch (filter.input) {
      case 'keyword':
        return (
          <Input.Search
            allowClear
            placeholder={placeholder}
            style={{ width: 240 }}
            onSearch={(text) => onChange({ [filter.name]: text.trim() })}
          />
        );
      case 'select':
        return (
          <Select
            allowClear
            placeholder={placeholder}
            style={{ width: 140 }}
            options={optionsFor?.[filter.name] ?? filter.options ?? []}
            onChange={(value: FieldOption['value'] | undefined) => onChange({ [filter.name]: value === undefined ? undefined : String(value) })}
          />
        );
      case 'dateRange':
        return (
          <DatePicker.RangePicker
            onChange={(range) => {
              const [start, end] = (range ?? []) as Array<Dayjs | null>;
              onChange({ from: start ? start.startOf('day').toISOString() : undefined, to: end ? end.endOf('day').toISOString() : undefined });
            }}
          />
        );
      case 'text':
        return (
          <Input
            allowClear
            placeholder={placeholder}
            style={{ width: 160 }}
            onPressEnter={(e) => onChange({ [filter.name]: e.currentTarget.value.trim() })}
            // Clearing with the × applies at once, like the keyword box.
            onChange={(e) => e.target.value === '' && onChange({ [filter.name]: undefined })}
          />
        );
    }
  };

  return (
    <div style={{ display: 'flex', flexWrap: 'wrap', gap: 12, justifyContent: 'space-between', alignItems: 'flex-start', marginBottom: 16 }}>
      <Form form={form} layout="inline" initialValues={fieldValues} style={{ rowGap: 12, flex: '1 1 0', minWidth: 0 }} aria-label="筛选">
        {filters.map((filter) => (
          <Form.Item key={filter.name} name={filter.name} label={filter.input === 'keyword' ? undefined : filter.label}>
            {inputFor(filter)}
          </Form.Item>
        ))}
        {filters.length > 0 && (
          <Form.Item>
            <Button onClick={reset}>重置</Button>
          </Form.Item>
        )}
      </Form>
      {extra && <div style={{ display: 'flex', gap: 8, flex: 'none' }}>{extra}</div>}
    </div>
  );
}
