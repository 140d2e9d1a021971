'use client';

import { ConfigProvider, DatePicker, Grid, type ThemeConfig } from 'antd';
import type { DatePickerProps, RangePickerProps } from 'antd/es/date-picker';
import dayjs, { type Dayjs } from 'dayjs';
// antd's date-picker rules arrive with the pickers' code, not on every screen (scripts/antd-css.mjs).
import '@/styles/antd/picker.css';

/** Quick ranges offered next to the calendar. */
export function rangePresets() {
  const now = () => dayjs();
  return [
    { label: '今天', value: [now().startOf('day'), now().endOf('day')] as [Dayjs, Dayjs] },
    { label: '最近 7 天', value: [now().subtract(6, 'day').startOf('day'), now().endOf('day')] as [Dayjs, Dayjs] },
    { label: '最近 30 天', value: [now().subtract(29, 'day').startOf('day'), now().endOf('day')] as [Dayjs, Dayjs] },
  ];
}

/** Narrower day cells (36 → 30 px) and time columns (56 → 44 px): days and times side by side fit 390 px. */
const PHONE_THEME: ThemeConfig = { components: { DatePicker: { cellWidth: 30, timeColumnWidth: 44 } } };

/** The class of the popup; the phone layout of app/globals.css hangs on it. */
export const RANGE_POPUP_CLASS = 'cms-range-popup';

export type DateRangeInputProps = Omit<RangePickerProps, 'showTime' | 'format' | 'classNames'> & {
  /** To the minute (the log screens) instead of whole days. */
  withTime?: boolean;
};

/**
 * The date (or date-time) range of the list filters: antd's RangePicker with the quick ranges,
 * either end optional. On a phone (below 576 px) it takes its row's width and the calendar opens as
 * a sheet along the bottom of the screen, the two months one above the other, narrower cells
 * (app/globals.css; docs/decisions.md, "Editor footers and date ranges on a phone").
 */
export function DateRangeInput({ withTime = false, style, ...props }: DateRangeInputProps) {
  const isPhone = Grid.useBreakpoint().sm === false;
  return (
    // The provider is always there (its theme only on a phone): the picker keeps its state when the breakpoint settles.
    <ConfigProvider theme={isPhone ? PHONE_THEME : undefined}>
      <DatePicker.RangePicker
        presets={rangePresets()}
        allowEmpty={[true, true]}
        {...(withTime ? { showTime: { format: 'HH:mm', defaultValue: [dayjs().startOf('day'), dayjs().endOf('day')] }, format: 'YYYY-MM-DD HH:mm' } : {})}
        {...props}
        classNames={{ popup: { root: RANGE_POPUP_CLASS } }}
        style={{ width: isPhone ? '100%' : withTime ? 330 : 250, ...style }}
      />
    </ConfigProvider>
  );
}

/**
 * The one date-and-time field of every form (a field declared `input: 'date'`, the ads, the
 * editors' 发布时间 / 下线时间, the list's 定时发布), in the same chunk as the range:
 * - Enter confirms the typed or chosen date and never submits the surrounding form (a half-filled
 *   slot went live that way: ux-2026-11-28 P2-1). The picker takes the Enter first; the form's
 *   implicit submit is its default action, which is cancelled here.
 * - On a phone (below 576 px) the calendar opens as a full-width sheet along the bottom with
 *   narrower cells, so the Monday column and « ‹ stay on screen (P2-5), like the range filter.
 */
export type DateTimeInputProps = DatePickerProps<Dayjs, false>;

export function DateTimeInput({ onKeyDown, style, ...props }: DateTimeInputProps) {
  const isPhone = Grid.useBreakpoint().sm === false;
  return (
    <ConfigProvider theme={isPhone ? PHONE_THEME : undefined}>
      <DatePicker
        showTime
        {...props}
        style={{ width: '100%', ...style }}
        classNames={{ popup: { root: RANGE_POPUP_CLASS } }}
        onKeyDown={(event, preventPicker) => {
          if (event.key === 'Enter') event.preventDefault();
          onKeyDown?.(event, preventPicker);
        }}
      />
    </ConfigProvider>
  );
}
