'use client';

import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Alert, Form, Grid, Input, InputNumber, Modal, Radio, Select, Switch, TreeSelect, type FormRule, type ModalProps, type TreeSelectProps } from 'antd';
import { useApp } from '@/components/common/app-feedback';
import dayjs from 'dayjs';
import { isOk, type Reply } from '@/lib/api/resource';
import { isFailure } from '@/lib/http';
import { fieldError, hasFieldSchema, recordName } from '@/lib/resources/check';
import type { FieldDef, FieldOption, ResourceDecl, ResourceDef } from '@/lib/resources/define';
import { loadSchema, loadSchemas } from '@/lib/resources/load-schema';
import { focusFirstField } from '@/components/common/dialog-focus';
import { PasswordInput } from '@/components/common/password-input';
import { clearable } from './clearable';
import { LazyDateTimeInput } from './lazy-date-range';
import { useLeaveDialog } from './unsaved-changes';

type Values = Record<string, unknown>;

const CHOICE_INPUTS = new Set(['select', 'radio', 'treeSelect', 'date']);
const TEXT_INPUTS = new Set([undefined, 'text', 'textarea', 'password']);

/** Fields shown in the form: `form: true` always, `form: 'create'` only when creating. */
export function formFields(def: Pick<ResourceDecl, 'fields'>, isCreate: boolean): FieldDef[] {
  return def.fields.filter((field) => field.form === true || (field.form === 'create' && isCreate));
}

/** The declaration's schema: its own, or (a zod-free declaration) loaded with the forms' checks. */
async function schemaOf(def: ResourceDecl | ResourceDef) {
  return 'schema' in def ? def.schema : loadSchema(def.name);
}

/**
 * Client rules for a field. With the declaration's zod schema (`def`) the form checks the very
 * rules the server checks, with its Chinese messages, as one types (phone, e-mail, password letters
 * and digits, username characters …); without it, required / min / max from the field. A zod-free
 * declaration (lib/resources/define.ts `ResourceDecl`) gets one async rule that waits for the
 * schemas' chunk (lib/resources/load-schema.ts) and then checks the same way: the dialog takes
 * typing at once, only its checks wait.
 */
export function rulesFor(field: FieldDef, def?: ResourceDecl | Pick<ResourceDef, 'schema'>): FormRule[] {
  if (def && 'schema' in def && hasFieldSchema(def, field.name)) {
    return [
      {
        validator: async (_rule, value: unknown) => {
          const error = fieldError(def, field.name, value);
          if (error) throw new Error(error);
        },
      },
    ];
  }
  if (def && !('schema' in def)) {
    return [
      {
        validator: async (_rule, value: unknown) => {
          const schema = await loadSchema(def.name).catch(() => null);
          const error = schema && hasFieldSchema({ schema }, field.name) ? fieldError({ schema }, field.name, value) : plainError(field, value);
          if (error) throw new Error(error);
        },
      },
    ];
  }
  return plainRules(field);
}

/** required / min / max from the field, as async-validator rules. */
function plainRules(field: FieldDef): FormRule[] {
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
 * The first message of `plainRules` for a value, for a field its loaded schema does not describe
 * (every declared form field is in its schema, tests/unit/schema-split.test.ts; this is the fallback
 * when the schemas' chunk cannot be loaded).
 */
function plainError(field: FieldDef, value: unknown): string | null {
  const isText = TEXT_INPUTS.has(field.input);
  const isEmpty =
    value === undefined ||
    value === null ||
    value === '' ||
    (Array.isArray(value) && value.length === 0) ||
    (isText && typeof value === 'string' && !value.trim());
  if (field.required && isEmpty) return `${CHOICE_INPUTS.has(field.input ?? 'text') ? '请选择' : '请输入'}${field.label}`;
  if (isText && typeof value === 'string') {
    if (field.min !== undefined && value.length > 0 && value.length < field.min) return `${field.label}至少 ${field.min} 个字符`;
    if (field.max !== undefined && value.length > field.max) return `${field.label}不能超过 ${field.max} 个字符`;
  }
  return null;
}

/**
 * The values a new record starts with: what the zod schema fills in for a missing field
 * (`.default(…)`), and `true` for a switch the schema says nothing about. A zod-free declaration
 * writes the schema's defaults on its fields (`default`), so the form opens without the schema.
 */
export function createDefaults(def: ResourceDecl | ResourceDef): Values {
  const out: Values = {};
  if (!('schema' in def)) {
    for (const field of def.fields) {
      if (field.default !== undefined) out[field.name] = field.default;
      else if (field.input === 'switch') out[field.name] = true;
    }
    return out;
  }
  const shape = def.schema.shape as Record<string, { safeParse(v: unknown): { success: boolean; data?: unknown } }>;
  for (const field of def.fields) {
    const parsed = shape[field.name]?.safeParse(undefined);
    if (parsed?.success && parsed.data !== undefined) out[field.name] = parsed.data;
    else if (field.input === 'switch') out[field.name] = true;
  }
  return out;
}

/**
 * A cleared optional field, as the schema wants it: antd leaves a cleared input `undefined` (and
 * JSON then drops it, so the old value would stay), so optional text goes as `''` and an optional
 * id or date as `null` — whichever the field's schema accepts (text prefers `''`). Required fields
 * and values that are set pass unchanged.
 */
export function withEmptyValues(def: Pick<ResourceDef, 'schema'>, fields: FieldDef[], values: Values): Values {
  const shape = def.schema.shape as Record<string, { safeParse(v: unknown): { success: boolean } } | undefined>;
  const out = { ...values };
  for (const field of fields) {
    const value = out[field.name];
    const schema = shape[field.name];
    if ((value !== undefined && value !== null) || !schema) continue;
    const takesText = schema.safeParse('').success;
    const takesNull = schema.safeParse(null).success;
    const isText = !CHOICE_INPUTS.has(field.input ?? 'text') && field.input !== 'number';
    if (value === undefined && takesText && (isText || !takesNull)) out[field.name] = '';
    else if (value === undefined && takesNull) out[field.name] = null;
    else if (value === null && !takesNull && takesText) out[field.name] = '';
  }
  return out;
}

export interface FieldInputOptions {
  optionsFor?: Record<string, FieldOption[]>;
  treeDataFor?: Record<string, TreeSelectProps['treeData']>;
  /** Shown but not changeable (a locked field). Leave undefined to follow the form's own `disabled`. */
  disabled?: boolean;
}

/** The antd input for a declared field (without its Form.Item). */
export function fieldInput(field: FieldDef, { optionsFor, treeDataFor, disabled }: FieldInputOptions = {}): ReactNode {
  const isChoice = CHOICE_INPUTS.has(field.input ?? 'text');
  const placeholder = field.placeholder ?? `${isChoice ? '请选择' : '请输入'}${field.label}`;
  const options = optionsFor?.[field.name] ?? field.options ?? [];
  switch (field.input) {
    case 'textarea':
      return <Input.TextArea disabled={disabled} rows={3} maxLength={field.max} showCount={field.max !== undefined} placeholder={placeholder} />;
    case 'password':
      return <PasswordInput disabled={disabled} maxLength={field.max} autoComplete="new-password" placeholder={placeholder} />;
    case 'number':
      return <InputNumber disabled={disabled} style={{ width: '100%' }} placeholder={placeholder} />;
    case 'switch':
      return <Switch disabled={disabled} checkedChildren="启用" unCheckedChildren="停用" />;
    case 'select':
      return <Select disabled={disabled} allowClear={clearable()} showSearch={{ optionFilterProp: 'label' }} options={options} placeholder={placeholder} />;
    case 'radio':
      return <Radio.Group disabled={disabled} options={options} />;
    case 'treeSelect':
      return (
        <TreeSelect
          disabled={disabled}
          allowClear={clearable()}
          showSearch={{ treeNodeFilterProp: 'title' }}
          treeDefaultExpandAll
          treeData={treeDataFor?.[field.name] ?? []}
          placeholder={placeholder}
        />
      );
    case 'date':
      return <LazyDateTimeInput disabled={disabled} placeholder={placeholder} />;
    default:
      return <Input disabled={disabled} maxLength={field.max} placeholder={placeholder} />;
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
  /** The declaration; a zod-free one (`ResourceDecl`) has its schema loaded for the checks. */
  def: ResourceDecl | ResourceDef;
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
  /**
   * More rules for a generated field, run after the declaration's, and the fields it depends on
   * (re-checked when they change): cross-field rules such as an end after its start.
   */
  itemRules?: Record<string, { rules: FormRule[]; dependencies?: string[] }>;
  /** Adjusts the values before they are sent (after cleared optional fields got their empty value: `withEmptyValues`). */
  transform?: (values: Values) => Values;
  /** Default `新增<label>` / `编辑<label> · <record name>`. */
  title?: ReactNode;
  /**
   * Fields the viewer may see but not change, each with the reason shown under it (e.g. a
   * manager's own department, one's own role). Their values are not sent on update.
   */
  locked?: Record<string, string>;
  /** The whole record is shown read-only with this reason (no 保存): the viewer may look, not change. */
  readOnly?: string | null;
  width?: number;
  /** Anything else for the Modal. */
  modalProps?: Omit<ModalProps, 'open' | 'onOk' | 'onCancel' | 'confirmLoading'>;
}

// The first-field rule is shared with the hand-wired dialogs (components/common/dialog-focus.ts).
export { focusFirstField };

/**
 * The create/edit dialog of a resource: one Form.Item per declared form field, client rules from the
 * declaration's zod schema, server field errors shown on their fields, and no double submit.
 * Focus starts in the first field and Enter saves; closing with unsaved changes (Esc, ×, 取消,
 * Back, reload) asks first. @see STYLE §2 (RF useForm: a screen can replace any piece)
 */
export function ResourceFormModal<T>(props: ResourceFormModalProps<T>) {
  // Each opening gets a fresh form (a new key → a new Form.useForm store), so the values of the last
  // record never leak into the next one. Counting openings during render is React's pattern for
  // "adjust state when a prop changes"; the closing animation keeps the old key.
  const [openings, setOpenings] = useState(0);
  const [wasOpen, setWasOpen] = useState(props.open);
  const needsSchemas = !('schema' in props.def);
  // The checks' schemas are fetched once the screen has mounted (not in its first load, issue 17).
  useEffect(() => {
    if (needsSchemas) loadSchemas().catch(() => undefined);
  }, [needsSchemas]);
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
  itemRules = {},
  optionsFor,
  treeDataFor,
  transform,
  title,
  locked = {},
  readOnly = null,
  width = 560,
  modalProps,
}: ResourceFormModalProps<T>) {
  const { message } = useApp();
  const [form] = Form.useForm<Values>();
  const [isSaving, setSaving] = useState(false);
  const [isDirty, setDirty] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  // State updates are not synchronous: the ref stops a second click that lands before the re-render.
  const savingRef = useRef(false);
  const body = useRef<HTMLDivElement>(null);
  const isCreate = !record;
  // On a phone, labels go above their fields: beside them, both would be squeezed.
  const isNarrow = Grid.useBreakpoint().sm === false;
  const { askThenClose, leaveHistory } = useLeaveDialog({
    open,
    isDirty,
    isBusy: () => savingRef.current,
    title: '放弃未保存的修改？',
    okText: '放弃修改',
    onLeave: () => {
      setDirty(false);
      onClose();
    },
  });

  // Focus the first field as soon as the dialog is there (not the ×: typing then Enter would close
  // it with nothing saved). Tried at once and again after the opening animation.
  useEffect(() => {
    if (!open) return;
    const timer = setTimeout(() => focusFirstField(body.current), 0);
    return () => clearTimeout(timer);
  }, [open]);

  const save = async (values: Values) => {
    if (savingRef.current) return;
    savingRef.current = true;
    setSaving(true);
    setFormError(null);
    let isSaved = false;
    try {
      const schema = await schemaOf(def).catch(() => null);
      const filled = schema ? withEmptyValues({ schema }, formFields(def, isCreate), values) : values;
      let payload = transform ? transform(filled) : filled;
      if (!isCreate) payload = Object.fromEntries(Object.entries(payload).filter(([k]) => !(k in locked)));
      const reply = await submit(payload);
      if (isOk(reply)) {
        isSaved = true;
        setDirty(false);
        void message.success('已保存');
        await leaveHistory();
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

  const name = recordName(record);
  return (
    <Modal
      title={title ?? (isCreate ? `新增${def.label}` : `${readOnly ? '查看' : '编辑'}${def.label}${name ? ` · ${name}` : ''}`)}
      open={open}
      width={width}
      okText="保存"
      cancelText={readOnly ? '关闭' : '取消'}
      footer={readOnly ? (_, { CancelBtn }) => <CancelBtn /> : undefined}
      onOk={() => form.submit()}
      onCancel={() => askThenClose()}
      afterOpenChange={(isOpen) => {
        if (isOpen && !body.current?.contains(document.activeElement)) focusFirstField(body.current);
      }}
      confirmLoading={isSaving}
      okButtonProps={{ disabled: isSaving }}
      cancelButtonProps={{ disabled: isSaving }}
      mask={{ closable: false }}
      destroyOnHidden
      // Long forms scroll inside the dialog, so 保存 stays in view.
      styles={{ body: { maxHeight: 'calc(100vh - 240px)', overflowY: 'auto', marginInline: -24, paddingInline: 24 } }}
      {...modalProps}
    >
      <div ref={body}>
        {readOnly && <Alert type="info" showIcon title={`只读：${readOnly}`} style={{ marginBottom: 16 }} data-testid="read-only" />}
        {formError && <Alert type="error" showIcon title={formError} style={{ marginBottom: 16 }} />}
        <Form
          form={form}
          disabled={Boolean(readOnly)}
          // Ids are `resource-form_<field>`: labels never point at a filter bar field of the same name.
          name="resource-form"
          layout={isNarrow ? 'vertical' : 'horizontal'}
          labelCol={isNarrow ? undefined : { flex: '96px' }}
          labelWrap
          // '1 1 0': a long help text wraps under its field instead of pushing the field below its label.
          wrapperCol={isNarrow ? undefined : { flex: '1 1 0' }}
          initialValues={{ ...(record ?? createDefaults(def)), ...initialValues }}
          onFinish={save}
          onValuesChange={() => setDirty(true)}
          scrollToFirstError
          style={{ paddingTop: 8 }}
        >
          {formFields(def, isCreate).map((field) => {
            const lockReason = locked[field.name];
            const input = fieldsOverride[field.name] ?? fieldInput(field, { optionsFor, treeDataFor, disabled: lockReason !== undefined ? true : undefined });
            return (
              <Form.Item
                key={field.name}
                name={field.name}
                label={field.label}
                required={field.required}
                rules={lockReason === undefined ? [...rulesFor(field, def), ...(itemRules[field.name]?.rules ?? [])] : []}
                dependencies={itemRules[field.name]?.dependencies}
                extra={lockReason !== undefined ? <span data-testid={`locked-${field.name}`}>{lockReason}</span> : field.help}
                {...itemPropsFor(field)}
              >
                {input}
              </Form.Item>
            );
          })}
          {extraFields}
          {/* Enter in a text box submits the form; browsers need a submit button for that. */}
          <button
            type="submit"
            tabIndex={-1}
            aria-hidden
            style={{ position: 'absolute', width: 1, height: 1, padding: 0, border: 0, opacity: 0, pointerEvents: 'none' }}
          />
        </Form>
      </div>
    </Modal>
  );
}
