'use client';

import { HYDRATING_TEXT, useIsClient } from '@/components/common/use-is-client';
import { useDialogFocus } from '@/components/common/dialog-focus';
import { useMemo, useState } from 'react';
import { Alert, Button, Form, Modal, Select, Space, Switch, Tag, Tooltip, TreeSelect, Typography } from 'antd';
import { useApp } from '@/components/common/app-feedback';
import { Card } from '@/components/common/card';
import { PlusOutlined } from '@ant-design/icons';
import {
  DataScopeNote,
  DATE_COLUMN_WIDTH,
  DateTimeCell,
  EllipsisText,
  emptyText,
  ResourceFilters,
  ResourceFormModal,
  ResourceListTable,
  useResourceScreen,
} from '@/components/crud';
import { NewPasswordFields } from '@/components/common/new-password-fields';
import { http, isFailure } from '@/lib/http';
import { isOk, resourceClient } from '@/lib/api/resource';
import {
  createStaffRefusal,
  deleteStaffRefusal,
  grantRefusal,
  manageRefusal,
  resetPasswordRefusal,
  scopeKind,
  toggleStaffRefusal,
  type Viewer,
} from '@/lib/permissions';
import { resourcePath } from '@/lib/query';
import { allRowsRead } from '@/lib/query/reads';
import { useApiRead } from '@/lib/query/use-api-read';
import type { FieldOption, ListResult } from '@/lib/resources/define';
import { roleResource } from '@/lib/resources/roles';
import { userResource } from '@/lib/resources/users';
import { findRoute } from '@/lib/routes';
import { useUserStore, useViewer } from '@/stores/user';
import { subtreeOf } from '@/lib/tree';
import { buildDeptTree, limitTree } from './tree-data';
import type { Department, Role, User } from '@/lib/api/types';

const users = resourceClient<User>(userResource);
const NO_ROLES: Role[] = [];
const routeName = (path: string) => findRoute(path)?.name ?? path;

type BulkPatch = { enabled: boolean } | { departmentId: number | null } | { roleId: number | null };

/**
 * Users of the chosen department (or all): filters, add, edit, enable/disable (confirmed), reset
 * password, delete, and bulk changes on selected rows. What the viewer may not do is shown
 * disabled with the reason; the list says whose records the viewer's data scope covers.
 */
export function UserPanel({ departmentId, departments, onChanged }: { departmentId: number | null; departments: Department[]; onChanged: () => void }) {
  const department = departments.find((d) => d.id === departmentId) ?? null;
  const { message, modal } = useApp();
  const viewer = useViewer();
  const isHydrated = useIsClient();
  const me = useUserStore((s) => s.info);
  // Every role, for the role column and the pickers (read with the page on the server; a role saved elsewhere shows here too).
  const roleList = useApiRead<ListResult<Role>>(allRowsRead(resourcePath(roleResource))).data?.list ?? NO_ROLES;
  const [resetting, setResetting] = useState<User | null>(null);
  const [bulkDialog, setBulkDialog] = useState<{ kind: 'department' | 'role'; rows: User[]; clear: () => void } | null>(null);

  const roleOf = useMemo(() => {
    const byId = new Map(roleList.map((r) => [r.id, r]));
    return (id: number) => byId.get(id);
  }, [roleList]);
  // Roles the viewer cannot grant stay visible in the picker, greyed, with the reason.
  const roleOptions = useMemo<FieldOption[]>(() => roleList.map((r) => ({ label: r.name, value: r.id })), [roleList]);
  const grantableRoleOptions = useMemo(
    () =>
      roleList.map((r) => {
        const refusal = viewer ? grantRefusal(viewer, r, routeName) : null;
        return {
          label: refusal ? `${r.name}（不能授予）` : r.name,
          value: r.id,
          disabled: Boolean(refusal),
          title: refusal ? `${r.name}：${refusal}` : r.name,
        };
      }),
    [roleList, viewer],
  );

  // A department-scoped manager places staff only in their own department and below.
  const scopeIds = useMemo(
    () => (viewer && scopeKind(viewer) === 'department' && viewer.departmentId !== null ? subtreeOf(departments, viewer.departmentId) : null),
    [viewer, departments],
  );
  const deptTree = useMemo(() => limitTree(buildDeptTree(departments), scopeIds), [departments, scopeIds]);

  const formDef = useMemo(() => {
    const fields = userResource.fields
      // Only super-administrators may make one (the server refuses everyone else), so only they see it.
      .filter((f) => f.name !== 'isSuper' || me?.isSuper);
    return { ...userResource, fields };
  }, [me?.isSuper]);

  const refresh = () => {
    void list.reload();
    onChanged();
  };

  const refusalOf = (kind: 'manage' | 'delete' | 'toggle' | 'reset', u: User) => {
    if (!viewer) return null;
    const rule = { manage: manageRefusal, delete: deleteStaffRefusal, toggle: toggleStaffRefusal, reset: resetPasswordRefusal }[kind];
    return rule(viewer, u, roleOf);
  };

  const toggle = (u: User, enabled: boolean) => {
    const apply = async () => {
      const reply = await users.update(u.id, { enabled });
      if (isOk(reply)) {
        void message.success(enabled ? `已启用「${u.name}」` : `已停用「${u.name}」，其登录已失效`);
        void list.reload();
      }
    };
    if (enabled) return void apply();
    // Disabling signs the person out at once: ask first.
    modal.confirm({
      title: `停用「${u.name}（${u.username}）」？`,
      content: '停用后他会立即被退出登录，且不能再登录，直到重新启用。',
      okText: '停用',
      okButtonProps: { danger: true },
      cancelText: '取消',
      onOk: apply,
    });
  };

  /** Changes each selected person on their own (the server checks each); one summary at the end. */
  const bulkUpdate = async (rows: User[], patch: BulkPatch, done: string, clear: () => void) => {
    const failures: string[] = [];
    for (const u of rows) {
      const result = await http.main.send<User>('PUT', `/api/users/${u.id}`, patch);
      if (isFailure(result)) failures.push(`${u.name}：网络异常`);
      else if (result.body.status !== 0) failures.push(`${u.name}：${result.body.message ?? '未能修改'}`);
    }
    const changed = rows.length - failures.length;
    if (changed) void message.success(`${done} ${changed} 人`);
    if (failures.length) {
      // One toast for the whole batch, with the request URL (SEED §7), and the details in a dialog.
      http.main.notify(`${failures.length} 人未能修改`);
      modal.warning({
        title: `${failures.length} 人未能修改`,
        content: (
          <ul style={{ paddingInlineStart: 20, margin: 0 }}>
            {failures.map((f) => (
              <li key={f}>{f}</li>
            ))}
          </ul>
        ),
        okText: '知道了',
      });
    } else clear();
    refresh();
  };

  const screen = useResourceScreen<User>(userResource, {
    client: users,
    fixed: { departmentId: departmentId ?? undefined },
    settingsId: '/department',
    initialValues: { departmentId: departmentId ?? (scopeIds ? viewer?.departmentId : undefined) ?? undefined },
    onChanged,
    columns: {
      // 钉钉 and 电话 ride in the 用户名 and 姓名 cells: at 1440 px beside the tree, their own columns
      // sat under the pinned 操作 column (ux-2026-11-28 P2-4).
      username: {
        width: 112,
        render: (v: string, u: User) => (
          <Space size={4} wrap>
            {/* A long login name (e2e_photographer) breaks rather than widening the column past 操作. */}
            <span style={{ overflowWrap: 'anywhere' }}>{v}</span>
            {u.isSuper && <Tag color="gold">超管</Tag>}
            {u.totpEnabled && (
              <Tooltip title="登录时需要手机验证器上的验证码">
                <Tag color="green" style={{ marginInlineEnd: 0 }}>
                  两步验证
                </Tag>
              </Tooltip>
            )}
            {u.dingtalkBound && (
              <Tooltip title={`钉钉账号「${u.dingtalkNick || '未知昵称'}」，可直接登录`}>
                <Tag color="blue" style={{ marginInlineEnd: 0 }}>
                  已绑定钉钉
                </Tag>
              </Tooltip>
            )}
          </Space>
        ),
      },
      name: {
        width: 104,
        render: (v: string, u: User) => (
          <>
            {v}
            {u.phone && (
              <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12, whiteSpace: 'nowrap' }}>
                {u.phone}
              </Typography.Text>
            )}
          </>
        ),
      },
      phone: false,
      enabled: {
        width: 76,
        render: (v: boolean, u: User) => {
          const refusal = refusalOf('toggle', u);
          return (
            <Tooltip title={refusal}>
              <Switch
                size="small"
                checked={v}
                // Until the page has hydrated a flip would not be taken: the switch waits, greyed.
                disabled={Boolean(refusal) || !isHydrated}
                title={isHydrated ? undefined : HYDRATING_TEXT}
                checkedChildren="启用"
                unCheckedChildren="停用"
                onChange={(checked) => toggle(u, checked)}
                aria-label={`「${u.name}」启用状态${refusal ? `（${refusal}）` : ''}`}
              />
            </Tooltip>
          );
        },
      },
    },
    addColumns: [
      {
        key: 'departmentName',
        title: '部门',
        dataIndex: 'departmentName',
        width: 100,
        ellipsis: { showTitle: false },
        render: (v: string | null) => <EllipsisText text={v ?? '-'} />,
      },
      {
        key: 'roleName',
        title: '角色',
        dataIndex: 'roleName',
        width: 96,
        ellipsis: { showTitle: true },
        render: (v: string | null, u: User) => (u.isSuper ? '全部权限' : (v ?? <Tag>未分配</Tag>)),
      },
      { key: 'lastLoginAt', title: '上次登录', dataIndex: 'lastLoginAt', width: DATE_COLUMN_WIDTH, render: (v: string | null) => <DateTimeCell value={v} /> },
    ],
    // Who, whether they can sign in, and where first; contact details after.
    order: ['username', 'name', 'enabled', 'departmentName', 'roleName', 'lastLoginAt'],
    editRefusal: (u) => refusalOf('manage', u),
    deletable: true,
    deletedText: (u) => `已删除「${u.name}」`,
    deleteRefusal: (u) => refusalOf('delete', u),
    deleteTitle: (u) => `确定删除员工「${u.name}（${u.username}）」吗？`,
    more: (u, reload) => [
      { key: 'reset', label: '重置密码', onClick: () => setResetting(u), disabled: refusalOf('reset', u) ?? false },
      // Issue 26: end every session of the person (a lost laptop, someone leaving), logged.
      {
        key: 'signOut',
        label: '退出所有设备',
        hidden: viewer?.id === u.id,
        disabled: refusalOf('manage', u) ?? false,
        confirm: {
          title: `让「${u.name}（${u.username}）」退出所有设备？`,
          content: '其所有设备上的登录立即失效，需要重新登录；账号和密码不变。',
          okText: '退出所有设备',
        },
        onClick: async () => {
          const reply = await http.main.post<{ ended: number }>(`/api/users/${u.id}/sign_out`);
          if (isOk(reply)) void message.success(reply.data.ended ? `已让「${u.name}」退出 ${reply.data.ended} 个设备` : `「${u.name}」当前没有登录中的设备`);
        },
      },
      {
        key: 'resetTotp',
        label: '重置两步验证',
        danger: true,
        hidden: !u.totpEnabled || viewer?.id === u.id,
        disabled: refusalOf('manage', u) ?? false,
        confirm: {
          title: `重置「${u.name}（${u.username}）」的两步验证？`,
          content: '用于本人手机丢失或更换：其验证器和恢复码全部作废、所有设备退出登录；之后本人用密码登录并重新开启（角色要求时登录后会直接进入设置）。',
          okText: '重置',
        },
        onClick: async () => {
          const reply = await http.main.del<{ id: number }>(`/api/users/${u.id}/totp`);
          if (isOk(reply)) void message.success(`已重置「${u.name}」的两步验证`);
          void reload();
        },
      },
      {
        key: 'unbindDingtalk',
        label: '解除钉钉绑定',
        danger: true,
        hidden: !u.dingtalkBound,
        disabled: refusalOf('manage', u) ?? false,
        confirm: {
          title: `解除「${u.name}（${u.username}）」的钉钉绑定「${u.dingtalkNick || '未知昵称'}」？`,
          content: '解除后不能再用这个钉钉账号登录此账号；本人需要时可在「绑定钉钉」中输入密码重新绑定。',
          okText: '解除绑定',
        },
        onClick: async () => {
          const reply = await http.main.del<{ id: number }>(`/api/users/${u.id}/dingtalk`);
          if (isOk(reply)) void message.success(`已解除「${u.name}」的钉钉绑定`);
          void reload();
        },
      },
    ],
    actionOrder: ['edit', 'reset', 'signOut', 'resetTotp', 'unbindDingtalk', 'delete'],
  });
  const { list } = screen;

  const createRefusal = viewer ? createStaffRefusal(viewer) : null;
  // A parent department's list can take in its sub-teams' people (kept in the URL like a filter).
  const hasSubTeams = department !== null && departments.some((d) => d.parentId === department.id);
  const withSub = hasSubTeams && list.query.withSub === 'true';
  const locked = lockedFields(viewer, screen.dialog.record);

  return (
    <Card
      title={department ? `${department.name} · 员工${withSub ? '（含下级部门）' : ''}` : '全部员工'}
      extra={
        hasSubTeams && (
          <label style={{ display: 'inline-flex', alignItems: 'center', gap: 8, cursor: 'pointer' }}>
            <Switch size="small" checked={withSub} onChange={(checked) => list.setQuery({ withSub: checked ? 'true' : undefined })} />
            含下级部门
          </label>
        )
      }
    >
      <ResourceFilters
        {...screen.filtersProps}
        optionsFor={{ roleId: roleOptions }}
        note={<DataScopeNote />}
        extra={
          <Tooltip title={createRefusal} trigger={['hover', 'focus']}>
            <Button
              type="primary"
              icon={<PlusOutlined aria-hidden />}
              aria-disabled={createRefusal ? true : undefined}
              aria-label={createRefusal ? `新增员工（${createRefusal}）` : undefined}
              className={createRefusal ? 'is-disabled' : undefined}
              onClick={() => (createRefusal ? void message.info(createRefusal) : screen.show())}
            >
              新增员工
            </Button>
          </Tooltip>
        }
      />
      <ResourceListTable<User>
        {...screen.tableProps}
        selectionKey={`${departmentId}|${JSON.stringify(list.query)}`}
        selectRefusal={(u) => refusalOf('toggle', u)}
        bulk={(rows, clear) => (
          <>
            <Button size="small" onClick={() => void bulkUpdate(rows, { enabled: true }, '已启用', clear)}>
              启用
            </Button>
            <Button
              size="small"
              danger
              onClick={() =>
                modal.confirm({
                  title: `停用选中的 ${rows.length} 人？`,
                  content: '停用后他们会立即被退出登录，且不能再登录，直到重新启用。',
                  okText: '停用',
                  okButtonProps: { danger: true },
                  cancelText: '取消',
                  onOk: () => bulkUpdate(rows, { enabled: false }, '已停用', clear),
                })
              }
            >
              停用
            </Button>
            {viewer && scopeKind(viewer) !== 'self' && (
              <Button size="small" onClick={() => setBulkDialog({ kind: 'department', rows, clear })}>
                调整部门
              </Button>
            )}
            <Button size="small" onClick={() => setBulkDialog({ kind: 'role', rows, clear })}>
              更换角色
            </Button>
          </>
        )}
        locale={{
          emptyText: list.loading ? ' ' : emptyText('员工', list.isFiltered, list.clearFilters, { canCreate: !createRefusal }),
        }}
      />
      <ResourceFormModal<User>
        {...screen.formModalProps}
        def={formDef}
        optionsFor={{ roleId: grantableRoleOptions }}
        treeDataFor={{ departmentId: deptTree }}
        locked={locked}
      />
      <ResetPasswordModal user={resetting} onClose={() => setResetting(null)} onReset={() => void list.reload()} />
      <BulkMoveModal
        state={bulkDialog}
        deptTree={deptTree}
        roleOptions={grantableRoleOptions}
        onClose={() => setBulkDialog(null)}
        onApply={async (patch, done) => {
          const state = bulkDialog!;
          setBulkDialog(null);
          await bulkUpdate(state.rows, patch, done, state.clear);
        }}
      />
    </Card>
  );
}

/** Fields of the staff form the viewer sees but may not change, with the reason. */
function lockedFields(viewer: Viewer | null, target: User | null): Record<string, string> {
  const out: Record<string, string> = {};
  if (!viewer) return out;
  if (target && scopeKind(viewer) === 'self') out.departmentId = '你的数据范围是「仅本人」，不能调整部门';
  if (target && target.id === viewer.id && !viewer.isSuper) out.roleId = '不能修改自己的角色';
  return out;
}

function BulkMoveModal({
  state,
  deptTree,
  roleOptions,
  onClose,
  onApply,
}: {
  state: { kind: 'department' | 'role'; rows: User[] } | null;
  deptTree: ReturnType<typeof buildDeptTree>;
  roleOptions: Array<FieldOption & { disabled?: boolean }>;
  onClose: () => void;
  onApply: (patch: BulkPatch, done: string) => Promise<void>;
}) {
  const [form] = Form.useForm<{ target?: number }>();
  const isDept = state?.kind === 'department';
  return (
    <Modal
      title={state ? `${isDept ? '调整部门' : '更换角色'}：选中的 ${state.rows.length} 人` : ''}
      open={state !== null}
      okText="确定"
      cancelText="取消"
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form
        form={form}
        name="bulk"
        layout="vertical"
        clearOnDestroy
        onFinish={({ target }) => onApply(isDept ? { departmentId: target ?? null } : { roleId: target ?? null }, isDept ? '已调整部门' : '已更换角色')}
      >
        <Typography.Paragraph type="secondary">{state?.rows.map((u) => u.name).join('、')}</Typography.Paragraph>
        <Form.Item name="target" label={isDept ? '新部门' : '新角色'} rules={[{ required: true, message: isDept ? '请选择部门' : '请选择角色' }]}>
          {isDept ? (
            <TreeSelect autoFocus treeData={deptTree} treeDefaultExpandAll showSearch={{ treeNodeFilterProp: 'title' }} placeholder="请选择部门" />
          ) : (
            <Select autoFocus options={roleOptions} showSearch={{ optionFilterProp: 'label' }} placeholder="请选择角色" />
          )}
        </Form.Item>
      </Form>
    </Modal>
  );
}

function ResetPasswordModal({ user, onClose, onReset }: { user: User | null; onClose: () => void; onReset: () => void }) {
  const { message } = useApp();
  const [form] = Form.useForm<{ password: string; confirm: string }>();
  const [saving, setSaving] = useState(false);
  const passwordField = userResource.fields.find((f) => f.name === 'password')!;
  // Focus in 新密码; Enter there goes on to 确认新密码, Enter in that one resets (P2-9).
  const focus = useDialogFocus({ open: user !== null, onSubmit: () => form.submit() });

  const save = async ({ password }: { password: string }) => {
    if (!user || saving) return;
    setSaving(true);
    const reply = await http.main.put<{ id: number; dingtalkUnbound: boolean }>(`/api/users/${user.id}/password`, { password });
    setSaving(false);
    if (isOk(reply)) {
      void message.success(`已重置「${user.name}」的密码，其登录已失效${reply.data.dingtalkUnbound ? '，钉钉绑定已解除' : ''}`);
      onClose();
      // The list shows the binding.
      onReset();
    } else if (!('isAxiosError' in reply) && reply.errors?.password) {
      form.setFields([{ name: 'password', errors: [reply.errors.password] }]);
    }
  };

  return (
    <Modal
      title={user ? `重置「${user.name}（${user.username}）」的密码` : ''}
      open={user !== null}
      okText="重置"
      cancelText="取消"
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={saving}
      destroyOnHidden
      {...focus.modalProps}
    >
      <div {...focus.bodyProps}>
        <Form form={form} name="reset-password" layout="vertical" onFinish={save} clearOnDestroy scrollToFirstError={{ focus: true }}>
          {user?.dingtalkBound && (
            <Alert
              type="warning"
              showIcon
              style={{ marginBottom: 16 }}
              title={`重置后，其钉钉绑定「${user.dingtalkNick || '未知昵称'}」也会解除`}
              description="账号可能不在本人手中时才需要重置；本人之后可在「绑定钉钉」中输入新密码重新绑定。"
            />
          )}
          <NewPasswordFields extra={passwordField.help} />
        </Form>
      </div>
    </Modal>
  );
}
