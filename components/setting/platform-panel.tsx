'use client';

import { ResourceFormModal, ResourceListTable, useResourceScreen } from '@/components/crud';
import { platformResource } from '@/lib/resources/taxonomy';
import type { Platform } from '@/lib/api/types';

/** 分类管理 · 平台: app, m 站, pc …; add, rename, enable. No delete (SEED §7: content refers to platforms). */
export function PlatformPanel() {
  // Only this panel's own parameters go to the API; the screen's `tab` and `type` stay out.
  const screen = useResourceScreen<Platform>(platformResource, { params: ['page', 'pageSize'] });
  return (
    <>
      <div style={{ display: 'flex', justifyContent: 'flex-end', marginBottom: 12 }}>{screen.filtersProps.extra}</div>
      <ResourceListTable<Platform> {...screen.tableProps} />
      <ResourceFormModal<Platform> {...screen.formModalProps} />
    </>
  );
}
