'use client';

import { usePathname, useSearchParams } from 'next/navigation';
import { currentQuery, showQuery } from '@/components/crud/use-list-query';
import { Col, Row } from 'antd';
import { useTreeRows } from '@/components/crud';
import type { Department } from '@/lib/api/types';
import { DepartmentTree } from './department-tree';
import { UserPanel } from './user-panel';

/** 部门与员工. The chosen department lives in the URL (`?dept=`), like the list's filters and page. */
export function DepartmentScreen() {
  const pathname = usePathname();
  const searchParams = useSearchParams();
  const selectedId = Number(searchParams.get('dept')) || null;
  const { rows, loading, reload: loadTree } = useTreeRows<Department>('/api/departments');

  const select = (id: number | null) => {
    // A new department starts the user list again from page 1 without the previous filters' page.
    const next = currentQuery();
    if (id === null) next.delete('dept');
    else next.set('dept', String(id));
    next.delete('page');
    showQuery(pathname, next);
  };

  // Side by side from the lg breakpoint; stacked (tree first) on a phone.
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} lg={9} xl={6} xxl={5}>
        <DepartmentTree rows={rows} loading={loading} selectedId={selectedId} onSelect={select} onChanged={loadTree} />
      </Col>
      <Col xs={24} lg={15} xl={18} xxl={19} style={{ minWidth: 0 }}>
        <UserPanel departmentId={selectedId} departments={rows} onChanged={loadTree} />
      </Col>
    </Row>
  );
}
