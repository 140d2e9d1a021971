'use client';

import { usePathname, useSearchParams } from 'next/navigation';
import { Tabs } from 'antd';
import { Card } from '@/components/common/card';
import type { FieldOption } from '@/lib/resources/define';
import { showQuery } from './use-list-query';
import { ResourceList, withPageSize, type ResourceListPageProps, type ScreenRow } from './use-resource-screen';

export type TabbedResourceListPageProps<T extends ScreenRow> = ResourceListPageProps<T> & {
  /**
   * One list per value of `param` (a platform …), as tabs kept in the URL: each tab shows its own
   * records (its own drag order), and a new record starts with the tab's value.
   */
  tabs: { param: string; options: FieldOption[] };
};

/**
 * `ResourceListPage` with one list per tab (搜索关键词's platforms). Its own module, so antd's Tabs
 * is not in the first load of every plain resource screen (issue 25).
 */
export function TabbedResourceListPage<T extends ScreenRow>(props: TabbedResourceListPageProps<T>) {
  // No Suspense boundary of its own, as ResourceListPage: a server render suspending inside one sends the rows hidden.
  return <TabbedListPage<T> {...props} />;
}

function TabbedListPage<T extends ScreenRow>({ tabs, ...given }: TabbedResourceListPageProps<T>) {
  const props = withPageSize(given);
  const pathname = usePathname();
  const asked = useSearchParams().get(tabs.param);
  const tab = tabs.options.some((o) => String(o.value) === asked) ? asked! : String(tabs.options[0]?.value ?? '');
  const body = (
    <ResourceList<T>
      key={tab}
      {...props}
      tab={tab}
      fixed={{ ...props.fixed, [tabs.param]: tab }}
      initialValues={{ ...props.initialValues, [tabs.param]: tab }}
      form={{ ...props.form, optionsFor: { [tabs.param]: tabs.options, ...props.form?.optionsFor } }}
    />
  );
  if (tabs.options.length < 2) return <Card>{body}</Card>;
  return (
    <Card>
      <Tabs
        activeKey={tab}
        onChange={(key) => showQuery(pathname, { [tabs.param]: key })}
        items={tabs.options.map((o) => ({ key: String(o.value), label: o.label, children: String(o.value) === tab ? body : null }))}
      />
    </Card>
  );
}
