'use client';

import { useState } from 'react';
import { App, Button, Switch, type TableColumnType } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { actionsColumn, columnsFrom, emptyText, ResourceFormModal, ResourceTable, useResourceList } from '@/components/crud';
import { isOk, resourceClient } from '@/lib/api/resource';
import { platformResource, type Platform } from '@/lib/resources/taxonomy';

const client = resourceClient<Platform>(platformResource);

/** 分类管理 · 平台: app, m 站, pc …; add, rename, enable. No delete (SEED §7: content refers to platforms). */
export function PlatformPanel({ refusal }: { refusal: string | null }) {
  const { message } = App.useApp();
  // Only this panel's own parameters go to the API; the screen's `tab` and `type` stay out.
  const list = useResourceList<Platform>({ fetchList: (params) => client.list({ page: params.page, pageSize: params.pageSize }) });
  const [dialog, setDialog] = useState<{ open: boolean; record: Platform | null }>({ open: false, record: null });

  const toggle = async (p: Platform, enabled: boolean) => {
    const reply = await client.update(p.id, { enabled });
    if (isOk(reply)) void message.success(`「${p.name}」已${enabled ? '启用' : '停用'}`);
    await list.reload();
  };

  const columns: TableColumnType<Platform>[] = [
    ...columnsFrom<Platform>(platformResource, {
      enabled: {
        render: (on: boolean, p: Platform) => (
          <Switch size="small" checked={on} disabled={Boolean(refusal)} aria-label={`启用「${p.name}」`} onChange={(v) => toggle(p, v)} />
        ),
      },
    }),
    actionsColumn<Platform>({ onEdit: (p) => setDialog({ open: true, record: p }), editRefusal: () => refusal }),
  ];

  return (
    <>
      <div style={{ display: 'flex', justifyContent: 'flex-end', marginBottom: 12 }}>
        {!refusal && (
          <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => setDialog({ open: true, record: null })}>
            新增平台
          </Button>
        )}
      </div>
      <ResourceTable<Platform>
        {...list.tableProps}
        columns={columns}
        highlightId={list.highlightId}
        locale={{ emptyText: list.loading ? ' ' : emptyText('平台', false, undefined, { canCreate: !refusal }) }}
      />
      <ResourceFormModal<Platform>
        def={platformResource}
        open={dialog.open}
        record={dialog.record}
        onClose={() => setDialog((d) => ({ ...d, open: false }))}
        onSaved={(saved) => {
          setDialog((d) => ({ ...d, open: false }));
          if (dialog.record) void list.reload();
          else list.showCreated(saved.id);
        }}
        submit={(values) => (dialog.record ? client.update(dialog.record.id, values) : client.create(values))}
      />
    </>
  );
}
