'use client';

import { useEffect, useMemo, useState } from 'react';
import Link from 'next/link';
import { Alert, App, Button, Card, Form, Tooltip, type TableColumnType } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { actionsColumn, columnsFrom, emptyText, formatDateTime, ResourceFilters, ResourceFormModal, ResourceTable, useResourceList } from '@/components/crud';
import { isOk, resourceClient } from '@/lib/api/resource';
import { http } from '@/lib/http';
import { deleteRoleRefusal, grantRefusal, roleWriteRefusal } from '@/lib/permissions';
import { LEVEL_OPTIONS, roleResource, type Role } from '@/lib/resources/roles';
import { findRoute } from '@/lib/routes';
import { useViewer } from '@/stores/user';
import { PermissionEditor, type CatalogueRoute } from './permission-editor';

const roles = resourceClient<Role>(roleResource);
const FILTERS = roleResource.filters ?? [];
const routeName = (path: string) => findRoute(path)?.name ?? path;

/** The grantable routes in menu order; loaded once per visit to the screen. */
function useRouteCatalogue(): CatalogueRoute[] {
  const [catalogue, setCatalogue] = useState<CatalogueRoute[]>([]);
  useEffect(() => {
    let isCurrent = true;
    void http.main.get<CatalogueRoute[]>('/api/auth').then((reply) => {
      if (isCurrent && isOk(reply)) setCatalogue(reply.data);
    });
    return () => {
      isCurrent = false;
    };
  }, []);
  return catalogue;
}

/**
 * 角色权限: the roles, each with the pages it grants and its data scope. Viewers without the 全部数据
 * scope see the roles read-only with the reason; others cannot touch a role granting more than they
 * hold. 员工数 links to those staff. Built from the generic pieces; the permission editor is this
 * screen's own form item.
 * @see DESIGN §3, §4
 */
export function RoleScreen() {
  const { message } = App.useApp();
  const viewer = useViewer();
  const list = useResourceList<Role>({ fetchList: roles.list, filters: FILTERS });
  const catalogue = useRouteCatalogue();
  // `record: null` = creating. The record outlives `open` so the title holds during the closing fade.
  const [dialog, setDialog] = useState<{ open: boolean; record: Role | null }>({ open: false, record: null });
  const openDialog = (record: Role | null) => setDialog({ open: true, record });
  const closeDialog = () => setDialog((d) => ({ ...d, open: false }));

  const writeRefusal = viewer ? roleWriteRefusal(viewer) : null;
  const refusalFor = (role: Role) => writeRefusal ?? (viewer ? grantRefusal(viewer, role, routeName) : null);
  const dialogReadOnly = dialog.record ? refusalFor(dialog.record) : writeRefusal;

  // Pages the viewer does not hold cannot be granted: shown, but not offered.
  const grantable = useMemo(
    () =>
      catalogue.map((r) => ({ ...r, disabledReason: viewer && !viewer.isSuper && !viewer.routes.has(r.path) ? '你没有这个页面的权限，不能授予' : undefined })),
    [catalogue, viewer],
  );
  const levelOptions = useMemo(() => LEVEL_OPTIONS.map((o) => ({ ...o, disabled: Boolean(viewer && !viewer.isSuper && o.value < viewer.level) })), [viewer]);

  const remove = async (role: Role) => {
    const reply = await roles.remove(role.id);
    // A refusal (409: still in use) was toasted by the http wrapper; reload either way.
    if (isOk(reply)) void message.success(`已删除「${role.name}」`);
    await list.reload();
  };

  const columns: TableColumnType<Role>[] = [
    ...columnsFrom<Role>(roleResource, {}, list),
    { key: 'routes', title: '权限数', dataIndex: 'routes', width: 90, align: 'right', render: (routes: string[]) => routes.length },
    {
      key: 'userCount',
      title: '员工数',
      dataIndex: 'userCount',
      width: 90,
      align: 'right',
      render: (n: number | undefined, role: Role) =>
        n ? (
          <Tooltip title={`查看使用「${role.name}」的员工`}>
            <Link href={`/department?roleId=${role.id}`} aria-label={`${n} 名员工使用「${role.name}」，查看`}>
              {n}
            </Link>
          </Tooltip>
        ) : (
          0
        ),
    },
    { key: 'updatedAt', title: '更新时间', dataIndex: 'updatedAt', width: 160, render: formatDateTime },
    actionsColumn<Role>({
      onEdit: openDialog,
      onDelete: remove,
      editRefusal: refusalFor,
      deleteRefusal: (role) => refusalFor(role) ?? deleteRoleRefusal(role),
    }),
  ];
  if (writeRefusal) {
    // 查看 instead of 编辑, no 删除: nothing here can change.
    columns[columns.length - 1] = actionsColumn<Role>({ more: (role) => [{ key: 'view', label: '查看', onClick: () => openDialog(role) }] });
  }

  return (
    <Card>
      {writeRefusal && <Alert type="info" showIcon style={{ marginBottom: 16 }} data-testid="roles-read-only" title={`角色只可查看：${writeRefusal}。`} />}
      <ResourceFilters
        filters={FILTERS}
        values={list.query}
        onChange={list.setQuery}
        extra={
          !writeRefusal && (
            <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => openDialog(null)}>
              新增角色
            </Button>
          )
        }
      />
      <ResourceTable<Role>
        {...list.tableProps}
        columns={columns}
        settingsId="/role"
        highlightId={list.highlightId}
        isHighlightMissing={list.isHighlightMissing}
        onClearFilters={list.clearFilters}
        locale={{ emptyText: list.loading ? ' ' : emptyText('角色', list.isFiltered, list.clearFilters, { canCreate: !writeRefusal }) }}
      />
      <ResourceFormModal<Role>
        def={roleResource}
        open={dialog.open}
        record={dialog.record}
        readOnly={dialogReadOnly}
        width={720}
        onClose={closeDialog}
        onSaved={(saved) => {
          closeDialog();
          if (dialog.record) void list.reload();
          else list.showCreated(saved.id);
        }}
        submit={(values) => (dialog.record ? roles.update(dialog.record.id, values) : roles.create(values))}
        optionsFor={{ level: levelOptions }}
        extraFields={
          <Form.Item name="routes" label="页面权限">
            <PermissionEditor catalogue={grantable} disabled={Boolean(dialogReadOnly)} />
          </Form.Item>
        }
      />
    </Card>
  );
}
