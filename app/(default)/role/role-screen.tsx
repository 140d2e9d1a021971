'use client';

import { useEffect, useState } from 'react';
import { App, Button, Card, Form, Table, type TableColumnType } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { actionsColumn, columnsFrom, emptyText, formatDateTime, ResourceFilters, ResourceFormModal, useResourceList } from '@/components/crud';
import { isOk, resourceClient } from '@/lib/api/resource';
import { http } from '@/lib/http';
import { roleResource, type Role } from '@/lib/resources/roles';
import { PermissionEditor, type CatalogueRoute } from './permission-editor';

const roles = resourceClient<Role>(roleResource);

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
 * 角色权限: the roles, each with the pages it grants and its data scope.
 * Built from the generic pieces; the permission editor is this screen's own form item.
 * @see DESIGN §3, §4
 */
export function RoleScreen() {
  const { message } = App.useApp();
  const list = useResourceList<Role>({ fetchList: roles.list });
  const catalogue = useRouteCatalogue();
  // `record: null` = creating. The record outlives `open` so the title holds during the closing fade.
  const [dialog, setDialog] = useState<{ open: boolean; record: Role | null }>({ open: false, record: null });
  const openDialog = (record: Role | null) => setDialog({ open: true, record });
  const closeDialog = () => setDialog((d) => ({ ...d, open: false }));

  const remove = async (role: Role) => {
    const reply = await roles.remove(role.id);
    // A refusal (409: still in use) was toasted by the http wrapper; reload either way.
    if (isOk(reply)) void message.success('已删除');
    await list.reload();
  };

  const columns: TableColumnType<Role>[] = [
    ...columnsFrom<Role>(roleResource, { name: { width: 160 } }),
    { key: 'routes', title: '权限数', dataIndex: 'routes', width: 90, align: 'right', render: (routes: string[]) => routes.length },
    { key: 'userCount', title: '员工数', dataIndex: 'userCount', width: 90, align: 'right', render: (n?: number) => n ?? 0 },
    { key: 'updatedAt', title: '更新时间', dataIndex: 'updatedAt', width: 160, render: formatDateTime },
    actionsColumn<Role>({ onEdit: openDialog, onDelete: remove }),
  ];

  return (
    <Card title="角色权限">
      <ResourceFilters
        filters={roleResource.filters ?? []}
        values={list.query}
        onChange={list.setQuery}
        extra={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => openDialog(null)}>
            新增角色
          </Button>
        }
      />
      <Table<Role> {...list.tableProps} columns={columns} scroll={{ x: 900 }} locale={{ emptyText: emptyText('角色', !!list.query.keyword) }} />
      <ResourceFormModal<Role>
        def={roleResource}
        open={dialog.open}
        record={dialog.record}
        width={720}
        onClose={closeDialog}
        onSaved={() => {
          closeDialog();
          void list.reload();
        }}
        submit={(values) => (dialog.record ? roles.update(dialog.record.id, values) : roles.create(values))}
        extraFields={
          <Form.Item name="routes" label="页面权限">
            <PermissionEditor catalogue={catalogue} />
          </Form.Item>
        }
      />
    </Card>
  );
}
