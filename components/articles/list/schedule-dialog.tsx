'use client';

import { useState } from 'react';
import { Form, Modal, Typography } from 'antd';
import { LazyDateTimeInput } from '@/components/crud/lazy-date-range';
import dayjs, { type Dayjs } from 'dayjs';

export type ScheduleAction = 'schedule' | 'schedule_offline';

const LABELS: Record<ScheduleAction, { title: string; field: string; note: string }> = {
  schedule: { title: '定时发布', field: '发布时间', note: '到时间由系统自动发布（发布前会再做一次内容检测）。可在列表中取消。' },
  schedule_offline: { title: '定时下线', field: '下线时间', note: '到时间由系统自动下线。可在列表中取消。' },
};

/**
 * Sets a scheduled publication or offline for one article (issue 8: "set a time, see it in the
 * list, cancel it"). `onSubmit` sends it; the dialog stays open while it runs and when it fails
 * (the server's reason is shown as a toast by the API client).
 */
export function ScheduleDialog({
  title,
  action,
  initial,
  onSubmit,
  onClose,
}: {
  title: string;
  action: ScheduleAction;
  initial: string | null;
  onSubmit: (at: Date) => Promise<boolean>;
  onClose: () => void;
}) {
  const [value, setValue] = useState<Dayjs | null>(initial ? dayjs(initial) : null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const label = LABELS[action];
  const submit = async () => {
    if (!value) return setError(`请选择${label.field}`);
    if (!value.isAfter(dayjs())) return setError(`${label.field}必须晚于现在`);
    setError('');
    setBusy(true);
    const done = await onSubmit(value.toDate());
    setBusy(false);
    if (done) onClose();
  };
  return (
    <Modal
      open
      title={`${label.title}「${title}」`}
      okText={label.title}
      cancelText="取消"
      confirmLoading={busy}
      onOk={submit}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form layout="vertical">
        <Form.Item label={label.field} htmlFor="schedule-at" required validateStatus={error ? 'error' : undefined} help={error || undefined} extra={label.note}>
          <LazyDateTimeInput
            id="schedule-at"
            showTime={{ format: 'HH:mm' }}
            format="YYYY-MM-DD HH:mm"
            value={value}
            onChange={(v) => {
              setValue(v);
              setError('');
            }}
            disabledDate={(d) => d.isBefore(dayjs().startOf('day'))}
            style={{ width: '100%' }}
            placeholder={`选择${label.field}`}
          />
        </Form.Item>
      </Form>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        时间按本机时区显示。
      </Typography.Text>
    </Modal>
  );
}
