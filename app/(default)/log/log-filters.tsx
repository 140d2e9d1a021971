'use client';

import { Button, DatePicker, Empty, Form, Space } from 'antd';
import { ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import dayjs, { type Dayjs } from 'dayjs';

/* ---- Helpers and filter-bar pieces shared by the two log screens (登录日志, 操作日志). ---- */

export { formatTime, TIME_FORMAT } from './time';

export type TimeRange = [Dayjs | null, Dayjs | null] | null | undefined;

/**
 * The picker's range as the API's `from`/`to` (ISO-8601 with the browser's offset, as the server's
 * `z.iso.datetime({ offset: true })` wants). The end is taken to the end of its minute so a range
 * picked as "… 18:30" includes rows written during 18:30.
 */
export function rangeToQuery(range: TimeRange): { from?: string; to?: string } {
  return {
    from: range?.[0] ? range[0].startOf('minute').format() : undefined,
    to: range?.[1] ? range[1].endOf('minute').format() : undefined,
  };
}

/** The reverse of `rangeToQuery`, for filling the picker from the URL. */
export function queryToRange(query: Record<string, string>): TimeRange {
  const from = query.from ? dayjs(query.from) : null;
  const to = query.to ? dayjs(query.to) : null;
  if (!from?.isValid() && !to?.isValid()) return undefined;
  return [from?.isValid() ? from : null, to?.isValid() ? to : null];
}

/** Quick ranges offered next to the calendar. */
export function rangePresets() {
  const now = () => dayjs();
  return [
    { label: '今天', value: [now().startOf('day'), now().endOf('day')] as [Dayjs, Dayjs] },
    { label: '最近 7 天', value: [now().subtract(6, 'day').startOf('day'), now().endOf('day')] as [Dayjs, Dayjs] },
    { label: '最近 30 天', value: [now().subtract(29, 'day').startOf('day'), now().endOf('day')] as [Dayjs, Dayjs] },
  ];
}

/** Says why the table is empty: loading failed, nothing matches the filters, or nothing yet. */
export function emptyText({
  loading,
  failed,
  filtered,
  nothingYet,
  onRetry,
  onClear,
}: {
  loading: boolean;
  failed: boolean;
  filtered: boolean;
  nothingYet: string;
  onRetry: () => void;
  onClear: () => void;
}) {
  // While the first page loads there is nothing to explain yet: the spinner says enough.
  if (loading) return <div style={{ height: 120 }} />;
  if (failed) {
    return (
      <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="日志加载失败，请检查网络后重试">
        <Button onClick={onRetry}>重新加载</Button>
      </Empty>
    );
  }
  if (filtered) {
    return (
      <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="没有符合条件的日志，试试放宽筛选条件">
        <Button onClick={onClear}>清除筛选</Button>
      </Empty>
    );
  }
  return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={nothingYet} />;
}

/** The 时间 filter (form field `range`): a minute-precision range picker with quick presets; either end may be left open. */
export function TimeRangeItem() {
  return (
    <Form.Item name="range" label="时间">
      <DatePicker.RangePicker
        showTime={{ format: 'HH:mm', defaultValue: [dayjs().startOf('day'), dayjs().endOf('day')] }}
        format="YYYY-MM-DD HH:mm"
        presets={rangePresets()}
        allowEmpty={[true, true]}
        placeholder={['开始时间', '结束时间']}
        style={{ width: 340 }}
      />
    </Form.Item>
  );
}

/** The filter bar's last item: 查询 submits the form, 重置 calls `onReset`. */
export function SearchButtons({ onReset }: { onReset: () => void }) {
  return (
    <Form.Item>
      <Space>
        <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
          查询
        </Button>
        <Button onClick={onReset} icon={<ReloadOutlined />}>
          重置
        </Button>
      </Space>
    </Form.Item>
  );
}
