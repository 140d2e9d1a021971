'use client';

import { usePathname, useRouter, useSearchParams } from 'next/navigation';
import { Card, Tabs, Tag, type TableColumnType } from 'antd';
import { EllipsisText } from '@/components/crud';
import { resourceClient } from '@/lib/api/resource';
import { KEYWORD_PLATFORMS, searchKeywordResource, type SearchKeyword } from '@/lib/resources/operations';
import { linkColumn, SortableList } from './sortable-list';

const client = resourceClient<SearchKeyword>(searchKeywordResource);
type KeywordPlatform = SearchKeyword['platform'];

/**
 * 搜索关键词 (app / m) and PC搜索关键词: the words suggested under the site's search box, each
 * platform in its own drag order. The platform is a tab in the URL; a new word starts on it.
 */
export function KeywordScreen({ platforms }: { platforms: KeywordPlatform[] }) {
  const router = useRouter();
  const pathname = usePathname();
  const searchParams = useSearchParams();
  const asked = searchParams.get('platform') as KeywordPlatform | null;
  const platform = asked && platforms.includes(asked) ? asked : platforms[0];
  const options = KEYWORD_PLATFORMS.filter((o) => platforms.includes(o.value as KeywordPlatform));
  const labelOf = (p: string) => KEYWORD_PLATFORMS.find((o) => o.value === p)?.label ?? p;

  const columns: TableColumnType<SearchKeyword>[] = [
    { key: 'word', title: '关键词', dataIndex: 'word', width: 200, ellipsis: { showTitle: false }, render: (v: string) => <EllipsisText text={v} /> },
    { key: 'platform', title: '平台', dataIndex: 'platform', width: 80, render: (p: string) => <Tag>{labelOf(p)}</Tag> },
    linkColumn<SearchKeyword>('url', '链接', 260),
  ];

  const list = (
    <SortableList<SearchKeyword>
      key={platform}
      def={searchKeywordResource}
      client={client}
      columns={columns}
      fixed={{ platform }}
      createLabel="新增关键词"
      hasToggle
      optionsFor={{ platform: options }}
      initialValues={{ platform }}
      transform={(v) => ({ ...v, url: v.url ?? '' })}
      formWidth={560}
      narrowHidden={['platform']}
      hint={`拖动左侧手柄调整 ${labelOf(platform)} 搜索框下关键词的顺序；也可聚焦手柄后按 ↑ ↓。`}
    />
  );

  return (
    <Card>
      {platforms.length > 1 ? (
        <Tabs
          activeKey={platform}
          onChange={(key) => router.push(`${pathname}?platform=${key}`, { scroll: false })}
          items={platforms.map((p) => ({ key: p, label: labelOf(p), children: p === platform ? list : null }))}
        />
      ) : (
        list
      )}
    </Card>
  );
}
