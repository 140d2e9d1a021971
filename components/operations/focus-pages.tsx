'use client';

import { usePathname, useSearchParams } from 'next/navigation';
import { showQuery } from '@/components/crud/use-list-query';
import { Tabs } from 'antd';
import { Card } from '@/components/common/card';
import { focusChannelResource, focusHomeResource, focusHomeRightResource, focusVideoResource } from '@/lib/resources/operations';
import { FocusList } from './focus-screen';

/** 首页焦点图: per platform. */
export function HomeFocusScreen() {
  return (
    <Card>
      <FocusList def={focusHomeResource} group="platform" />
    </Card>
  );
}

/** 视频焦点图: per platform. */
export function VideoFocusScreen() {
  return (
    <Card>
      <FocusList def={focusVideoResource} group="platform" />
    </Card>
  );
}

/** PC焦点图: channel focus (per channel) and the right-side home focus (with 刷新); the tab is in the URL. */
export function PcFocusScreen() {
  const pathname = usePathname();
  const searchParams = useSearchParams();
  const tab = searchParams.get('tab') === 'right' ? 'right' : 'channel';
  return (
    <Card>
      <Tabs
        activeKey={tab}
        onChange={(key) => showQuery(pathname, key === 'right' ? { tab: 'right' } : {})}
        destroyOnHidden
        items={[
          { key: 'channel', label: '频道焦点图', children: tab === 'channel' ? <FocusList def={focusChannelResource} group="category" /> : null },
          { key: 'right', label: '首页右侧焦点图', children: tab === 'right' ? <FocusList def={focusHomeRightResource} group="none" hasFlush /> : null },
        ]}
      />
    </Card>
  );
}
