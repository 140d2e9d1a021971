'use client';

import { useMemo } from 'react';
import Link from 'next/link';
import { Alert, Form, Tooltip } from 'antd';
import { Card } from '@/components/common/card';
import { actionsColumn, formatDateTime, ResourceFilters, ResourceFormModal, ResourceListTable, useResourceScreen } from '@/components/crud';
import { useApiRead } from '@/lib/query/use-api-read';
import { deleteRoleRefusal, grantRefusal, roleWriteRefusal } from '@/lib/permissions';
import { LEVEL_OPTIONS, roleResource } from '@/lib/resources/roles';
import { findRoute } from '@/lib/routes';
import { useViewer } from '@/stores/user';
import { PermissionEditor, type CatalogueRoute } from './permission-editor';
import type { Role } from '@/lib/api/types';

const ROUTE_CATALOGUE_READ = { key: ['/api/auth'], url: '/api/auth' };
const NO_ROUTES: CatalogueRoute[] = [];

const routeName = (path: string) => findRoute(path)?.name ?? path;

/** The grantable routes in menu order; loaded once per visit to the screen. */
function useRouteCatalogue(): CatalogueRoute[] {
  return useApiRead<CatalogueRoute[]>(ROUTE_CATALOGUE_READ).data ?? NO_ROUTES;
}

/**
 * 角色权限: the roles, each with the pages it grants and its data scope. Viewers without the 全部数据
 * scope see the roles read-only with the reason; others cannot touch a role granting more than they
 * hold. 员工数 links to those staff. Built from the generic pieces; the permission editor is this
 * screen's own form item.
 * @see DESIGN §3, §4
 */
export function RoleScreen() {
  const viewer = useViewer();
  const catalogue = useRouteCatalogue();
  const writeRefusal = viewer ? roleWriteRefusal(viewer) : null;
  const refusalFor = (role: Role) => writeRefusal ?? (viewer ? grantRefusal(viewer, role, routeName) : null);
  const screen = useResourceScreen<Role>(roleResource, {
    refusal: writeRefusal,
    settingsId: '/role',
    addColumns: [
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
    ],
    deletable: true,
    editRefusal: refusalFor,
    deleteRefusal: (role) => refusalFor(role) ?? deleteRoleRefusal(role),
    // 查看 instead of 编辑, no 删除: nothing here can change.
    columns: writeRefusal
      ? { actions: actionsColumn<Role>({ more: (role) => [{ key: 'view', label: '查看', onClick: (): void => screen.show(role) }] }) }
      : undefined,
  });
  const record = screen.dialog.record;
  const dialogReadOnly = record ? refusalFor(record) : writeRefusal;

  // Pages the viewer does not hold cannot be granted: shown, but not offered.
  const grantable = useMemo(
    () =>
      catalogue.map((r) => ({ ...r, disabledReason: viewer && !viewer.isSuper && !viewer.routes.has(r.path) ? '你没有这个页面的权限，不能授予' : undefined })),
    [catalogue, viewer],
  );
  const levelOptions = useMemo(() => LEVEL_OPTIONS.map((o) => ({ ...o, disabled: Boolean(viewer && !viewer.isSuper && o.value < viewer.level) })), [viewer]);

  return (
    <Card>
      {writeRefusal && <Alert type="info" showIcon style={{ marginBottom: 16 }} data-testid="roles-read-only" title={`角色只可查看：${writeRefusal}。`} />}
      <ResourceFilters {...screen.filtersProps} />
      <ResourceListTable<Role> {...screen.tableProps} />
      <ResourceFormModal<Role>
        {...screen.formModalProps}
        readOnly={dialogReadOnly}
        width={720}
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
