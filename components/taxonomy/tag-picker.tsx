'use client';

import { useEffect, useMemo, useRef, useState } from 'react';
import { Form, Modal, Radio, Select, Spin, Typography } from 'antd';
import { useApp } from '@/components/common/app-feedback';
import { PlusOutlined } from '@ant-design/icons';
import { useDialogFocus } from '@/components/common/dialog-focus';
import { http } from '@/lib/http';
import { isOk } from '@/lib/api/resource';
import { allRowsRead } from '@/lib/query/reads';
import { useApiRead } from '@/lib/query/use-api-read';
import type { ListResult } from '@/lib/resources/define';
import { TAG_QUICK_CREATE_ROUTES } from '@/lib/resources/taxonomy';
import { useViewer } from '@/stores/user';
import type { Tag, TagType } from '@/lib/api/types';

/** How long typing pauses before the picker asks the server. */
export const TAG_SEARCH_DELAY_MS = 250;

type Found = Pick<Tag, 'id' | 'name' | 'typeId'>;

/** Names of tags seen in this tab, so a form reopening with tag ids shows names at once. */
const known = new Map<number, Found>();
/** The type last chosen for a new tag in this tab: the next new tag's default. */
let lastNewType: number | null = null;

/** The value of the 「新建标签「…」」 option (never a tag id). */
export const CREATE_OPTION = -1;
/** Longest tag name (the tag schema's). */
const TAG_NAME_MAX = 64;

/** Tag types are few (tens): every one, a read shared with 标签管理 (its writes refresh it here). */
function useTagTypes(): Map<number, string> {
  const list = useApiRead<ListResult<TagType>>(allRowsRead('/api/tags_types')).data?.list;
  return useMemo(() => new Map((list ?? []).map((t) => [t.id, t.name])), [list]);
}

/** Ids whose names are not known yet, fetched in one call (`GET /api/tags?ids=`; a record holds at most 50 tags). */
async function resolveNames(ids: number[]) {
  const missing = [...new Set(ids.filter((id) => !known.has(id)))];
  if (!missing.length) return;
  const reply = await http.main.get<{ list: Found[] }>('/api/tags', { ids: missing.join(','), pageSize: 100 });
  if (isOk(reply)) for (const t of reply.data.list) known.set(t.id, t);
}

export interface TagPickerProps {
  value?: number[];
  onChange?: (ids: number[]) => void;
  /** Only tags of this type. */
  typeId?: number;
  placeholder?: string;
  disabled?: boolean;
  id?: string;
  'aria-label'?: string;
  /** Most tags a record may hold (the schemas allow 50). */
  max?: number;
  style?: React.CSSProperties;
  /**
   * Offer 「新建标签「…」」 when the search finds no tag of that name and the viewer may create tags
   * (an editor or 标签管理, TAG_QUICK_CREATE_ROUTES); otherwise say who can. On by default (a form that tags content); filters turn it off.
   */
  creatable?: boolean;
}

/**
 * The tag picker of every form that tags content: a multiple Select that asks `GET /api/tags/search`
 * as one types (debounced; at most 20 answers, names starting with the text first), so it stays quick
 * with tens of thousands of tags: nothing is loaded up front. Each option shows its type.
 * @see DESIGN §4, issue 6
 */
export function TagPicker({
  value = [],
  onChange,
  typeId,
  placeholder = '输入文字搜索标签',
  disabled,
  id,
  max = 50,
  style,
  creatable = true,
  ...rest
}: TagPickerProps) {
  const { message } = useApp();
  const viewer = useViewer();
  // Editors create tags in an existing type while writing (POST /api/tags/quick, P2-11); anyone else
  // is told who can.
  const mayCreate = creatable && Boolean(viewer && (viewer.isSuper || TAG_QUICK_CREATE_ROUTES.some((r) => viewer.routes.has(r))));
  const [options, setOptions] = useState<Found[]>([]);
  const types = useTagTypes();
  const [searching, setSearching] = useState(false);
  /** The text the shown options answer (trimmed); a new tag is offered for it. */
  const [answered, setAnswered] = useState('');
  const [typed, setTyped] = useState('');
  /** A new tag waiting for its type (more than one type to choose from). */
  const [naming, setNaming] = useState<{ name: string; typeId: number } | null>(null);
  const [creating, setCreating] = useState(false);
  const [, setResolved] = useState(0);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const requestNo = useRef(0);

  const valueKey = value.join(',');
  useEffect(() => {
    if (value.some((v) => !known.has(v))) void resolveNames(value).then(() => setResolved((n) => n + 1));
    // valueKey stands for value.
  }, [valueKey]);

  const typedNow = useRef('');
  const search = (keyword: string) => {
    typedNow.current = keyword;
    setTyped(keyword);
    clearTimeout(timer.current);
    timer.current = setTimeout(async () => {
      const no = ++requestNo.current;
      setSearching(true);
      const reply = await http.main.get<Found[]>('/api/tags/search', { keyword: keyword.trim(), typeId });
      if (no !== requestNo.current) return;
      setSearching(false);
      if (isOk(reply)) {
        for (const t of reply.data) known.set(t.id, t);
        setOptions(reply.data);
        setAnswered(keyword.trim());
      }
    }, TAG_SEARCH_DELAY_MS);
  };

  /** 「新建标签「name」」: offered when the answer to what is typed has no tag of exactly that name. */
  const newName = typed.trim();
  const offerNew =
    mayCreate &&
    !searching &&
    newName !== '' &&
    newName.length <= TAG_NAME_MAX &&
    answered === newName &&
    (typeId !== undefined || types.size > 0) &&
    !options.some((o) => o.name.toLowerCase() === newName.toLowerCase()) &&
    value.length < max;

  const create = async (name: string, chosenType: number) => {
    setCreating(true);
    const reply = await http.main.post<Found>('/api/tags/quick', { name, typeId: chosenType });
    setCreating(false);
    if (!isOk(reply)) return false; // the refusal (e.g. the name exists in that type) was toasted
    const tag = { id: reply.data.id, name: reply.data.name, typeId: reply.data.typeId };
    known.set(tag.id, tag);
    lastNewType = chosenType;
    setOptions((prev) => [tag, ...prev.filter((o) => o.id !== tag.id)]);
    setAnswered('');
    setTyped('');
    onChange?.([...value, tag.id].slice(0, max));
    void message.success(`已新建标签「${tag.name}」${types.get(chosenType) ? `（${types.get(chosenType)}）` : ''}并选中`);
    return true;
  };

  /** The new tag's type: the field's own type, the only type there is, or the person chooses. */
  const startCreate = (name: string) => {
    if (typeId !== undefined) return void create(name, typeId);
    const ids = [...types.keys()];
    if (ids.length === 1) return void create(name, ids[0]);
    setNaming({ name, typeId: lastNewType !== null && types.has(lastNewType) ? lastNewType : ids[0] });
  };
  useEffect(() => () => clearTimeout(timer.current), []);
  const confirmNaming = async () => {
    if (naming && !creating && (await create(naming.name, naming.typeId))) setNaming(null);
  };
  // The type dialog opens on its first choice; Enter there creates the tag (P2-9).
  const namingFocus = useDialogFocus({ open: naming !== null, onSubmit: () => void confirmNaming() });

  const selectOptions = useMemo(() => {
    // While a search is typed, chosen tags that do not match stay out of the list (their labels
    // stay on the field): otherwise the first of them is the active option, and Enter on a search
    // that found nothing would take that tag off instead of doing what the list offers.
    const lower = newName.toLowerCase();
    const chosen = value.map((v) => known.get(v) ?? { id: v, name: `#${v}`, typeId: 0 }).filter((t) => !lower || t.name.toLowerCase().includes(lower));
    const seen = new Set(value);
    const list = [...chosen, ...options.filter((o) => !seen.has(o.id))].map((t) => ({
      value: t.id,
      label: t.name,
      title: types.get(t.typeId) ? `${t.name}（${types.get(t.typeId)}）` : t.name,
      typeName: types.get(t.typeId),
      isNew: false,
    }));
    // The last option, so Enter on a search with matches still takes the first match.
    if (offerNew) list.push({ value: CREATE_OPTION, label: `新建标签「${newName}」`, title: `新建标签「${newName}」`, typeName: undefined, isNew: true });
    return list;
    // `known` changes are signalled through setResolved.
  }, [value, options, types, offerNew, newName]);

  return (
    <>
      <Select<number[]>
        id={id}
        mode="multiple"
        aria-label={rest['aria-label'] ?? '标签'}
        value={value}
        disabled={disabled}
        style={{ width: '100%', ...style }}
        placeholder={placeholder}
        showSearch={{ filterOption: false, onSearch: search }}
        // Opening shows the first tags, unless typing opened it (its search is under way).
        onOpenChange={(open) => open && options.length === 0 && !typedNow.current && search('')}
        onChange={(ids) => {
          if (ids.includes(CREATE_OPTION)) {
            if (!creating) startCreate(newName);
            return;
          }
          onChange?.(ids.slice(0, max));
        }}
        maxCount={max}
        notFoundContent={
          searching ? <Spin size="small" /> : creatable && !mayCreate && newName ? '没有找到标签。没有权限新建标签，请联系管理员' : '没有找到标签'
        }
        options={selectOptions}
        optionRender={(option) =>
          option.data.isNew ? (
            <span data-testid="tag-create-option" style={{ color: '#1677ff' }}>
              <PlusOutlined aria-hidden style={{ marginInlineEnd: 6 }} />
              {option.label}
            </span>
          ) : (
            <span style={{ display: 'flex', justifyContent: 'space-between', gap: 8 }}>
              <span>{option.label}</span>
              {option.data.typeName && (
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {option.data.typeName}
                </Typography.Text>
              )}
            </span>
          )
        }
        allowClear
      />
      {naming && (
        <Modal
          open
          title={`新建标签「${naming.name}」`}
          okText="新建并选中"
          cancelText="取消"
          confirmLoading={creating}
          onOk={confirmNaming}
          onCancel={() => setNaming(null)}
          destroyOnHidden
          {...namingFocus.modalProps}
        >
          <div {...namingFocus.bodyProps}>
            <Form layout="vertical">
              <Form.Item label="标签类型" required extra="标签在所选类型下新建；以后可在「标签管理」中修改。">
                <Radio.Group
                  aria-label="标签类型"
                  value={naming.typeId}
                  onChange={(e) => setNaming({ ...naming, typeId: e.target.value as number })}
                  options={[...types].map(([tid, name]) => ({ value: tid, label: name }))}
                />
              </Form.Item>
            </Form>
          </div>
        </Modal>
      )}
    </>
  );
}
