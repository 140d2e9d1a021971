'use client';

import { useEffect, useState, type ComponentType } from 'react';
import { Input } from 'antd';
import type { Dayjs } from 'dayjs';
import type { DateRangeInputProps, DateTimeInputProps } from './date-range-input';

type Pickers = typeof import('./date-range-input');

let loading: Promise<Pickers> | null = null;
const load = () => (loading ??= import('./date-range-input'));

/**
 * antd's date pickers (about 31 KiB), fetched right after the screen or dialog mounts (issue 17):
 * no list's first load carries them, and a screen without a date never fetches them. Until they
 * arrive, a read-only box of the same width shows the value; the page hydrates without waiting
 * (a server-rendered lazy part would hold hydration back, and keys typed into other filters
 * meanwhile were lost: docs/decisions.md, issue 17).
 */
function useLoaded<P extends object>(pick: (m: Pickers) => ComponentType<P>) {
  const [loaded, setLoaded] = useState<{ input: ComponentType<P> } | null>(null);
  useEffect(() => {
    let live = true;
    void load().then((m) => live && setLoaded({ input: pick(m) }));
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- loaded once
  }, []);
  return loaded?.input ?? null;
}

const shown = (value: Array<Dayjs | null | undefined>, format: string) =>
  value.some(Boolean) ? value.map((d) => (d ? d.format(format) : '…')).join(' ~ ') : '';

/** The date range filter of the lists (`DateRangeInput`). */
export function LazyDateRangeInput(props: DateRangeInputProps) {
  const Picker = useLoaded((m) => m.DateRangeInput);
  if (Picker) return <Picker {...props} />;
  const text = shown((props.value ?? []) as Array<Dayjs | null>, props.withTime ? 'YYYY-MM-DD HH:mm' : 'YYYY-MM-DD');
  return (
    <Input
      readOnly
      value={text}
      aria-label={props['aria-label']}
      placeholder="日期范围"
      className={props.className}
      style={{ width: props.withTime ? 330 : 250, ...props.style }}
    />
  );
}

/** A date and time of a form (`DateTimeInput`). */
export function LazyDateTimeInput(props: DateTimeInputProps) {
  const Picker = useLoaded((m) => m.DateTimeInput);
  if (Picker) return <Picker {...props} />;
  const text = shown([props.value as Dayjs | null | undefined], 'YYYY-MM-DD HH:mm:ss');
  return (
    <Input
      readOnly
      disabled={props.disabled}
      value={text}
      id={props.id}
      aria-label={props['aria-label']}
      style={props.style}
      placeholder={typeof props.placeholder === 'string' ? props.placeholder : undefined}
    />
  );
}
