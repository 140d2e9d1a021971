'use client';
import { optionLabel, TabbedResourceListPage } from '@/components/crud';
import { KEYWORD_PLATFORMS, keywordRouteOf, searchKeywordResource } from '@/lib/resources/operations';
/** 搜索关键词 (app / m) and PC搜索关键词: the words under the site's search box, each platform (a tab) in its own drag order. */
export const KeywordScreen = ({ platforms }: { platforms: string[] }) => (
  <TabbedResourceListPage
    def={searchKeywordResource}
    tabs={{ param: 'platform', options: KEYWORD_PLATFORMS.filter((o) => platforms.includes(String(o.value))) }}
    route={keywordRouteOf(platforms[0])}
    createLabel="新增关键词"
    narrowHidden={['platform']}
    hint={(p) => `拖动左侧手柄调整 ${optionLabel(KEYWORD_PLATFORMS, p)} 搜索框下关键词的顺序；也可聚焦手柄后按 ↑ ↓。`}
    form={{ width: 560 }}
  />
);
