'use client';

import { useEffect, useMemo, useState } from 'react';
import { App, Button, Card, Form, Modal, Space, Switch, Table, Tag, Tooltip } from 'antd';
import { KeyOutlined, PlusOutlined } from '@ant-design/icons';
import { actionsColumn, columnsFrom, emptyText, formatDateTime, ResourceFilters, ResourceFormModal, useResourceList } from '@/components/crud';
import { NewPasswordFields } from '@/components/common/new-password-fields';
import { http } from '@/lib/http';
import { isOk, resourceClient } from '@/lib/api/resource';
import type { FieldOption } from '@/lib/resources/define';
import type { Department } from '@/lib/resources/departments';
import { roleResource, type Role } from '@/lib/resources/roles';
import { userResource, type User } from '@/lib/resources/users';
import { useUserStore } from '@/stores/user';
import { buildDeptTree } from './tree-data';

const users = resourceClient<User>(userResource);
const roles = resourceClient<Role>(roleResource);

/** Users of the chosen department (or all): filters, add, edit, enable/disable, reset password, delete. */
export function UserPanel({ departmentId, departments, onChanged }: { departmentId: number | null; departments: Department[]; onChanged: () => void }) {
  const department = departments.find((d) => d.id === departmentId) ?? null;
  const { message } = App.useApp();
  const me = useUserStore((s) => s.info);
  const [roleOptions, setRoleOptions] = useState<FieldOption[]>([]);
  const [editing, setEditing] = useState<User | 'new' | null>(null);
  const [resetting, setResetting] = useState<User | null>(null);
  const list = useResourceList<User>({ fetchList: users.list, fixed: { departmentId: departmentId ?? undefined } });
  const deptTree = useMemo(() => buildDeptTree(departments), [departments]);
  // Only super-administrators may make one (the server refuses everyone else), so only they see it.
  const formDef = useMemo(() => (me?.isSuper ? userResource : { ...userResource, fields: userResource.fields.filter((f) => f.name !== 'isSuper') }), [me?.isSuper]);

  useEffect(() => {
    void roles.list({ pageSize: 100 }).then((reply) => {
      if (isOk(reply)) setRoleOptions(reply.data.list.map((r) => ({ label: r.name, value: r.id })));
    });
  }, []);

  const refresh = () => {
    void list.reload();
    onChanged();
  };

  const toggle = async (u: User, enabled: boolean) => {
    const reply = await users.update(u.id, { enabled });
    if (isOk(reply)) {
      void message.success(enabled ? `已启用「${u.name}」` : `已停用「${u.name}」，其登录已失效`);
      void list.reload();
    }
  };

  const generated = columnsFrom<User>(userResource, {
    username: { render: (v: string, u: User) => (<Space size={4}>{v}{u.isSuper && <Tag color="gold">超管</Tag>}</Space>) },
    enabled: {
      render: (v: boolean, u: User) => (
        <Tooltip title={u.id === me?.id ? '不能停用自己' : undefined}>
          <Switch size="small" checked={v} disabled={u.id === me?.id} checkedChildren="启用" unCheckedChildren="停用" onChange={(checked) => toggle(u, checked)} aria-label={`${u.name} 启用状态`} />
        </Tooltip>
      ),
    },
  });
  const column = (key: string) => generated.find((c) => c.key === key)!;
  // Who, whether they can sign in, and where first; contact details after: the panel is narrow
  // beside the tree and scrolls sideways on a laptop screen.
  const columns = [
    column('username'),
    column('name'),
    column('enabled'),
    { key: 'departmentName', title: '部门', dataIndex: 'departmentName', render: (v: string | null) => v ?? '-' },
    { key: 'roleName', title: '角色', dataIndex: 'roleName', render: (v: string | null, u: User) => (u.isSuper ? '全部权限' : (v ?? <Tag>未分配</Tag>)) },
    column('phone'),
    { key: 'lastLoginAt', title: '上次登录', dataIndex: 'lastLoginAt', width: 150, render: formatDateTime },
    actionsColumn<User>({
      width: 210,
      onEdit: (u) => setEditing(u),
      onDelete: async (u) => {
        const reply = await users.remove(u.id);
        if (isOk(reply)) {
          void message.success(`已删除「${u.name}」`);
          refresh();
        }
      },
      canDelete: (u) => u.id !== me?.id,
      deleteTitle: (u) => `确定删除员工「${u.name}（${u.username}）」吗？`,
      extra: (u) => (
        <Tooltip title={u.id === me?.id ? '自己的密码请在「个人资料」中修改' : undefined}>
          <Button type="link" size="small" icon={<KeyOutlined />} disabled={u.id === me?.id} onClick={() => setResetting(u)}>
            重置密码
          </Button>
        </Tooltip>
      ),
    }),
  ];

  return (
    <Card title={department ? `${department.name} · 员工` : '全部员工'}>
      <ResourceFilters
        filters={userResource.filters ?? []}
        values={list.query}
        onChange={list.setQuery}
        optionsFor={{ roleId: roleOptions }}
        extra={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
            新增员工
          </Button>
        }
      />
      <Table<User>
        {...list.tableProps}
        columns={columns}
        size="middle"
        scroll={{ x: 1100 }}
        locale={{ emptyText: emptyText('员工', Object.keys(list.query).some((k) => !['page', 'pageSize', 'dept'].includes(k))) }}
      />
      <ResourceFormModal<User>
        def={formDef}
        open={editing !== null}
        record={editing === 'new' ? null : editing}
        initialValues={editing === 'new' ? { departmentId: departmentId ?? undefined } : undefined}
        optionsFor={{ roleId: roleOptions }}
        treeDataFor={{ departmentId: deptTree }}
        transform={(v) => ({ ...v, departmentId: v.departmentId ?? null, roleId: v.roleId ?? null })}
        submit={(values) => (editing && editing !== 'new' ? users.update(editing.id, values) : users.create(values))}
        onClose={() => setEditing(null)}
        onSaved={() => {
          setEditing(null);
          refresh();
        }}
      />
      <ResetPasswordModal user={resetting} onClose={() => setResetting(null)} />
    </Card>
  );
}

function ResetPasswordModal({ user, onClose }: { user: User | null; onClose: () => void }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<{ password: string; confirm: string }>();
  const [saving, setSaving] = useState(false);
  const passwordField = userResource.fields.find((f) => f.name === 'password')!;

  const save = async ({ password }: { password: string }) => {
    if (!user || saving) return;
    setSaving(true);
    const reply = await http.main.put(`/api/users/${user.id}/password`, { password });
    setSaving(false);
    if (isOk(reply)) {
      void message.success(`已重置「${user.name}」的密码，其登录已失效`);
      onClose();
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
    >
      <Form form={form} layout="vertical" onFinish={save} clearOnDestroy>
        <NewPasswordFields extra={passwordField.help} />
      </Form>
    </Modal>
  );
}
