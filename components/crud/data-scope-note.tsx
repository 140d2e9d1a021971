'use client';

import { Typography } from 'antd';
import { useMemo } from 'react';
import { scopeKind, scopeText, viewerFrom } from '@/lib/permissions';
import { useUserStore } from '@/stores/user';

/**
 * 你的数据范围：编辑部及下属部门 — the line a scoped list shows above itself, so an empty or short
 * list is not a mystery. Nothing for the 全部数据 scope unless `always`.
 */
export function DataScopeNote({ always = false, departmentName }: { always?: boolean; departmentName?: string | null }) {
  const info = useUserStore((s) => s.info);
  const auth = useUserStore((s) => s.auth);
  const viewer = useMemo(() => (info ? viewerFrom(info, auth) : null), [info, auth]);
  if (!viewer || (!always && scopeKind(viewer) === 'all')) return null;
  return (
    <Typography.Text type="secondary" data-testid="data-scope">
      你的数据范围：{scopeText(viewer, departmentName ?? info?.departmentName)}
    </Typography.Text>
  );
}
