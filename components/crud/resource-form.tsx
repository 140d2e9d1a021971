'use client';

import { useRef, useState, type ReactNode } from 'react';
import {
  Alert,
  App,
  DatePicker,
  Form,
  Input,
  InputNumber,
  Modal,
  Radio,
  Select,
  Switch,
  TreeSelect,
  type FormRule,
  type ModalProps,
  type TreeSelectProps,
} from 'antd';
import dayjs from 'dayjs';
import { isOk, type Reply } from '@/lib/api/resource';
import { isFailure } from '@/lib/http';
import type { FieldDef, FieldOption, ResourceDef } from '@/lib/resources/define';

type Values = Record<string, unknown>;

const CHOICE_INPUTS = new Set(['select', 'radio', 'treeSelect', 'date']);
const TEXT_INPUTS = new Set([undefined, 'text', 'textarea', 'password']);

/** Fields shown in the form: `form: true` always, `form: 'create'` only when creating. */
export function formFields(def: ResourceDef, isCreate: boolean): FieldDef[] {
  return def.fields.filter((field) => field.form === true || (field.form === 'create' && isCreate));
}

/** Client rules with the same Chinese messages as the server's schema (lib/resources/common.ts). */
export function rulesFor(field: FieldDef): FormRule[] {
  const out: FormRule[] = [];
  const isText = TEXT_INPUTS.has(field.input);
  if (field.required) {
    const verb = CHOICE_INPUTS.has(field.input ?? 'text') ? '请选择' : '请输入';
    // Only text gets `whitespace`: a rule with any key besides `required` is type-checked as a
    // string by async-validator, which would refuse a chosen number (数据范围 = 2).
    out.push(isText ? { required: true, whitespace: true, message: `${verb}${field.label}` } : { required: true, message: `${verb}${field.label}` });
  }
  if (field.min !== undefined && isText) {
    out.push({ min: field.min, message: `${field.label}至少 ${field.min} 个字符` });
  }
  if (field.max !== undefined && isText) {
    out.push({ max: field.max, message: `${field.label}不能超过 ${field.max} 个字符` });
  }
  return out;
}

/**
 * The values a new record starts with: what the zod schema fills in for a missing field
 * (`.default(…)`), and `true` for a switch the schema says nothing about.
 */
export function createDefaults(def: ResourceDef): Values {
  const out: Values = {};
  const shape = def.schema.shape as Record<string, { safeParse(v: unknown): { success: boolean; data?: unknown } }>;
  for (const field of def.fields) {
    const parsed = shape[field.name]?.safeParse(undefined);
    if (parsed?.success && parsed.data !== undefined) out[field.name] = parsed.data;
    else if (field.input === 'switch') out[field.name] = true;
  }
  return out;
}

export interface FieldInputOptions {
  optionsFor?: Record<string, FieldOption[]>;
  treeDataFor?: Record<string, TreeSelectProps['treeData']>;
}

/** The antd input for a declared field (without its Form.Item). */
export function fieldInput(field: FieldDef, { optionsFor, treeDataFor }: FieldInputOptions = {}): ReactNode {
  const isChoice = CHOICE_INPUTS.has(field.input ?? 'text');
  const placeholder = field.placeholder ?? `${isChoice ? '请选择' : '请输入'}${field.label}`;
  const options = optionsFor?.[field.name] ?? field.options ?? [];
  switch (field.input) {
    case 'textarea':
      return <Input.TextArea rows={3} maxLength={field.max} showCount={field.max !== undefined} placeholder={placeholder} />;
    case 'password':
      return <Input.Password maxLength={field.max} autoComplete="new-password" placeholder={placeholder} />;
    case 'number':
      return <InputNumber style={{ width: '100%' }} placeholder={placeholder} />;
    case 'switch':
      return <Switch checkedChildren="启用" unCheckedChildren="停用" />;
    case 'select':
      return <Select allowClear showSearch={{ optionFilterProp: 'label' }} options={options} placeholder={placeholder} />;
    case 'radio':
      return <Radio.Group options={options} />;
    case 'treeSelect':
      return <TreeSelect allowClear treeDefaultExpandAll treeData={treeDataFor?.[field.name] ?? []} placeholder={placeholder} />;
    case 'date':
      return <DatePicker showTime style={{ width: '100%' }} placeholder={placeholder} />;
    default:
      return <Input maxLength={field.max} placeholder={placeholder} />;
  }
}

/** Extra Form.Item props an input kind needs (a switch holds `checked`; dates travel as ISO strings). */
function itemPropsFor(field: FieldDef) {
  if (field.input === 'switch') return { valuePropName: 'checked' };
  if (field.input === 'date') {
    return {
      getValueProps: (value: unknown) => ({ value: value ? dayjs(value as string) : undefined }),
      normalize: (value: dayjs.Dayjs | null) => (value ? value.toISOString() : null),
    };
  }
  return {};
}

export interface ResourceFormModalProps<T> extends FieldInputOptions {
  def: ResourceDef;
  open: boolean;
  /** The record being edited; `null`/absent = create. */
  record?: object | null;
  /** Starting values laid over the record or the defaults (e.g. the parent chosen in a tree). */
  initialValues?: Values;
  onClose: () => void;
  /** Called with the saved record; close the dialog here (the form stays locked once saved). */
  onSaved: (record: T) => void;
  /** Sends the values: `client.create`, or `(v) => client.update(id, v)`. */
  submit: (values: Values) => Promise<Reply<T>>;
  /** Replaces the input of a generated field (its label, name and rules stay). */
  fieldsOverride?: Record<string, ReactNode>;
  /** More Form.Items, rendered after the generated ones in the same form. */
  extraFields?: ReactNode;
  /** Adjusts the values before they are sent. */
  transform?: (values: Values) => Values;
  /** Default `新增<label>` / `编辑<label>`. */
  title?: ReactNode;
  width?: number;
  /** Anything else for the Modal. */
  modalProps?: Omit<ModalProps, 'open' | 'onOk' | 'onCancel' | 'confirmLoading'>;
}

/**
 * The create/edit dialog of a resource: one Form.Item per declared form field, client rules from the
 * declaration, server field errors shown on their fields, and no double submit.
 * @see STYLE §2 (RF useForm: a screen can replace any piece)
 */
export function ResourceFormModal<T>(props: ResourceFormModalProps<T>) {
  // Each opening gets a fresh form (a new key → a new Form.useForm store), so the values of the last
  // record never leak into the next one. Counting openings during render is React's pattern for
  // "adjust state when a prop changes"; the closing animation keeps the old key.
  const [openings, setOpenings] = useState(0);
  const [wasOpen, setWasOpen] = useState(props.open);
  if (props.open !== wasOpen) {
    setWasOpen(props.open);
    if (props.open) setOpenings((n) => n + 1);
  }
  return <FormModal key={openings} {...props} />;
}

function FormModal<T>({
  def,
  open,
  record,
  initialValues,
  onClose,
  onSaved,
  submit,
  fieldsOverride = {},
  extraFields,
  optionsFor,
  treeDataFor,
  transform,
  title,
  width = 560,
  modalProps,
}: ResourceFormModalProps<T>) {
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [isSaving, setSaving] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  // State updates are not synchronous: the ref stops a second click that lands before the re-render.
  const savingRef = useRef(false);
  const isCreate = !record;

  const save = async (values: Values) => {
    if (savingRef.current) return;
    savingRef.current = true;
    setSaving(true);
    setFormError(null);
    let isSaved = false;
    try {
      const reply = await submit(transform ? transform(values) : values);
      if (isOk(reply)) {
        isSaved = true;
        void message.success('已保存');
        onSaved(reply.data);
        return;
      }
      if (isFailure(reply)) {
        setFormError('网络异常，未能保存，请稍后重试');
        return;
      }
      // Field errors go under their fields (`routes.3` → `routes`); anything else goes in the alert.
      const registered = new Set(form.getFieldsError().map((f) => String(f.name[0])));
      const unknown: string[] = [];
      const onFields = new Map<string, string>();
      for (const [key, text] of Object.entries(reply.errors ?? {})) {
        const name = key.split('.')[0];
        if (registered.has(name)) {
          if (!onFields.has(name)) onFields.set(name, text);
        } else unknown.push(text);
      }
      form.setFields([...onFields].map(([name, text]) => ({ name, errors: [text] })));
      if (unknown.length || onFields.size === 0) setFormError(unknown.join('；') || reply.message || '保存失败');
    } finally {
      // Once saved, the form stays locked while the dialog fades out (a quick second Enter would
      // send a duplicate); the next opening gets a fresh form anyway.
      if (!isSaved) {
        savingRef.current = false;
        setSaving(false);
      }
    }
  };

  const close = () => {
    if (savingRef.current) return;
    setFormError(null);
    onClose();
  };

  return (
    <Modal
      title={title ?? `${isCreate ? '新增' : '编辑'}${def.label}`}
      open={open}
      width={width}
      okText="保存"
      cancelText="取消"
      onOk={() => form.submit()}
      onCancel={close}
      confirmLoading={isSaving}
      okButtonProps={{ disabled: isSaving }}
      cancelButtonProps={{ disabled: isSaving }}
      mask={{ closable: false }}
      destroyOnHidden
      // Long forms scroll inside the dialog, so 保存 stays in view.
      styles={{ body: { maxHeight: 'calc(100vh - 240px)', overflowY: 'auto', marginInline: -24, paddingInline: 24 } }}
      {...modalProps}
    >
      {formError && <Alert type="error" showIcon title={formError} style={{ marginBottom: 16 }} />}
      <Form
        form={form}
        layout="horizontal"
        labelCol={{ flex: '96px' }}
        labelWrap
        wrapperCol={{ flex: 1 }}
        initialValues={{ ...(record ?? createDefaults(def)), ...initialValues }}
        onFinish={save}
        scrollToFirstError
        style={{ paddingTop: 8 }}
      >
        {formFields(def, isCreate).map((field) => (
          <Form.Item key={field.name} name={field.name} label={field.label} rules={rulesFor(field)} extra={field.help} {...itemPropsFor(field)}>
            {fieldsOverride[field.name] ?? fieldInput(field, { optionsFor, treeDataFor })}
          </Form.Item>
        ))}
        {extraFields}
        {/* Enter in a text box submits the form; browsers need a submit button for that. */}
        <button type="submit" hidden aria-hidden />
      </Form>
    </Modal>
  );
}
