'use client';

import { useCallback, useEffect, useState } from 'react';
import { usePathname, useSearchParams } from 'next/navigation';
import { currentQuery, showQuery } from '@/components/crud/use-list-query';
import { Tabs } from 'antd';
import { Card } from '@/components/common/card';
import { writeRefusal } from '@/lib/permissions';
import { useViewer } from '@/stores/user';
import { CategoryPanel } from './category-panel';
import { PlatformPanel } from './platform-panel';

/** 分类管理: categories by type, and platforms. The tab and the chosen type live in the URL. */
export function SettingScreen() {
  const pathname = usePathname();
  const searchParams = useSearchParams();
  const viewer = useViewer();
  // Without `/setting` the screen is read-only (pickers read the taxonomy, only this route writes it).
  const refusal = writeRefusal(viewer, '/setting');
  const tab = searchParams.get('tab') === 'platform' ? 'platform' : 'category';
  // The chosen type is held here and mirrored to the URL. The URL alone lags: a navigation that
  // changes only the query shows in a transition, and meanwhile the panel would see no choice and
  // pick the first type, a newer navigation that cancels the pending one (a just-created type lost).
  const urlType = Number(searchParams.get('type')) || null;
  const [typeId, setTypeId] = useState<number | null>(urlType);
  useEffect(() => setTypeId(urlType), [urlType]);

  const setParams = useCallback(
    (patch: Record<string, string | null>, replace = false) => {
      const next = currentQuery();
      for (const [k, v] of Object.entries(patch)) {
        if (v === null) next.delete(k);
        else next.set(k, v);
      }
      showQuery(pathname, next, { replace });
    },
    [pathname],
  );
  // Choosing the first type for the person is not a step they took: it replaces, not pushes.
  const onTypeChange = useCallback(
    (id: number | null) => {
      setTypeId(id);
      setParams({ type: id === null ? null : String(id) }, !searchParams.get('type'));
    },
    [setParams, searchParams],
  );

  return (
    <Card>
      <Tabs
        activeKey={tab}
        onChange={(key) => setParams({ tab: key === 'platform' ? 'platform' : null, page: null, pageSize: null })}
        items={[
          { key: 'category', label: '分类', children: <CategoryPanel typeId={typeId} onTypeChange={onTypeChange} refusal={refusal} /> },
          { key: 'platform', label: '平台', children: <PlatformPanel /> },
        ]}
        destroyOnHidden
      />
    </Card>
  );
}
