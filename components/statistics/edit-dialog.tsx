'use client';

import { useEffect } from 'react';
import { DatePicker, Form, Input, InputNumber, Modal, Select } from 'antd';
import { useApp } from '@/components/common/app-feedback';
import dayjs, { type Dayjs } from 'dayjs';
import '@/styles/antd/picker.css';
import { useDialogFocus } from '@/components/common/dialog-focus';
import { isOk } from '@/lib/api/resource';
import { isFailure } from '@/lib/http';
import { statisticsApi } from '@/lib/api/statistics';
import { COUNT_MAX } from '@/lib/resources/statistics-views';

export interface EditTarget {
  date?: string;
  userId?: number;
  pv?: number;
  uv?: number;
}

/** 修正数据: one day and editor's page views and visitors, with a reason kept in the operation log. */
export function EditDialog({
  target,
  editors,
  onClose,
  onSaved,
}: {
  target: EditTarget | null;
  editors: Array<{ label: string; value: number | string | boolean }>;
  onClose: () => void;
  onSaved: () => void;
}) {
  const [form] = Form.useForm();
  const { message } = useApp();
  useEffect(() => {
    if (target)
      form.setFieldsValue({ date: target.date ? dayjs(target.date) : dayjs(), userId: target.userId, pv: target.pv ?? 0, uv: target.uv ?? 0, reason: '' });
  }, [target, form]);
  const submit = async () => {
    // A refused field is shown beside it; the rejection is not an error of the page.
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    const reply = await statisticsApi.edit({ date: (v.date as Dayjs).format('YYYY-MM-DD'), userId: v.userId, pv: v.pv, uv: v.uv, reason: v.reason });
    if (isOk(reply)) {
      void message.success('已修正，修改原因已记入操作日志');
      onSaved();
    } else if (!isFailure(reply) && reply.errors) {
      form.setFields(Object.entries(reply.errors).map(([name, err]) => ({ name, errors: [err] })));
    }
  };
  // Focus in the first field that can change; Enter goes on to the next empty field (P2-9).
  const focus = useDialogFocus({ open: !!target, onSubmit: () => void submit() });
  return (
    <Modal
      open={!!target}
      title="修正浏览量和访客数"
      okText="保存修正"
      cancelText="取消"
      onOk={submit}
      onCancel={onClose}
      destroyOnHidden
      {...focus.modalProps}
    >
      <div {...focus.bodyProps}>
        <Form form={form} layout="vertical" preserve={false} scrollToFirstError={{ focus: true }}>
          <Form.Item name="date" label="日期" rules={[{ required: true, message: '请选择日期' }]}>
            <DatePicker style={{ width: '100%' }} disabledDate={(d) => d.isAfter(dayjs(), 'day')} disabled={!!target?.date && !!target?.userId} />
          </Form.Item>
          <Form.Item name="userId" label="编辑" rules={[{ required: true, message: '请选择编辑' }]}>
            <Select showSearch optionFilterProp="label" options={editors} placeholder="选择编辑" disabled={!!target?.date && !!target?.userId} />
          </Form.Item>
          <Form.Item name="pv" label="浏览量" rules={[{ required: true, message: '请输入浏览量' }]}>
            <InputNumber min={0} max={COUNT_MAX} precision={0} style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item
            name="uv"
            label="访客数"
            dependencies={['pv']}
            rules={[
              { required: true, message: '请输入访客数' },
              ({ getFieldValue }) => ({
                validator: (_, value) => (value > getFieldValue('pv') ? Promise.reject(new Error('访客数不能大于浏览量')) : Promise.resolve()),
              }),
            ]}
          >
            <InputNumber min={0} max={COUNT_MAX} precision={0} style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item
            name="reason"
            label="修改原因"
            rules={[
              { required: true, whitespace: true, message: '请填写修改原因，它会记入操作日志' },
              { max: 200, message: '修改原因不能超过 200 个字符' },
            ]}
          >
            <Input.TextArea rows={2} maxLength={200} showCount placeholder="例如：按统计平台 11 月报表补录" />
          </Form.Item>
        </Form>
      </div>
    </Modal>
  );
}
