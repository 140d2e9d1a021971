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
function useLoaded<P extends object>(pick: (m: Pickers) => ComponentType<P>, when: LoadOn = 'mount') {
  const [loaded, setLoaded] = useState<{ input: ComponentType<P> } | null>(null);
  const [wanted, setWanted] = useState(when === 'mount');
  useEffect(() => {
    if (!wanted) return;
    let live = true;
    void load().then((m) => live && setLoaded({ input: pick(m) }));
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- loaded once
  }, [wanted]);
  return { Picker: loaded?.input ?? null, want: () => setWanted(true) };
}

/**
 * When the pickers' code is fetched: right after the field mounts (`mount`, the lists and dialogs),
 * or when the person reaches for the field (`use`: the pointer over it, a touch, the focus), for
 * the editors' 发布设置, whose fields are rarely touched and whose page is busy starting TinyMCE
 * (issue 25). A field reached for by focus or a press gets the focus back once the picker is there,
 * and antd's picker opens on focus, as it would have at once.
 */
export type LoadOn = 'mount' | 'use';

/**
 * The read-only stand-in's handlers for `use`: each asks for the code. How the field was reached is
 * remembered: pressed, the picker arrives focused and open (as a click opens it); focused by
 * keyboard, it arrives focused (antd's picker opens on a click or on typing, not on focus).
 */
function useStandIn(want: () => void, when: LoadOn) {
  const [reached, setReached] = useState<'press' | 'focus' | null>(null);
  if (when !== 'use') return { reached: null, handlers: {} };
  return {
    reached,
    handlers: {
      onPointerEnter: want,
      onPointerDown: () => (setReached('press'), want()),
      onFocus: () => (setReached((r) => r ?? 'focus'), want()),
      onBlur: () => setReached(null),
    },
  };
}

const shown = (value: Array<Dayjs | null | undefined>, format: string) =>
  value.some(Boolean) ? value.map((d) => (d ? d.format(format) : '…')).join(' ~ ') : '';

/** The date range filter of the lists (`DateRangeInput`). */
export function LazyDateRangeInput(props: DateRangeInputProps) {
  const { Picker } = useLoaded((m) => m.DateRangeInput);
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

/** A date and time of a form (`DateTimeInput`); `loadOn` as above (default: right after it mounts). */
export function LazyDateTimeInput({ loadOn = 'mount', ...props }: DateTimeInputProps & { loadOn?: LoadOn }) {
  const { Picker, want } = useLoaded((m) => m.DateTimeInput, loadOn);
  const standIn = useStandIn(want, loadOn);
  if (Picker) return <Picker {...props} autoFocus={props.autoFocus || standIn.reached !== null} defaultOpen={standIn.reached === 'press' || undefined} />;
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
      {...standIn.handlers}
    />
  );
}
