'use client';
import { ResourceListPage } from '@/components/crud';
import { CoverInput } from '@/components/media/cover-input';
import { friendLinkResource } from '@/lib/resources/operations';
/** 友情链接: sites linked from the footer, in drag order; a logo from the library is optional. */
export const FriendLinkScreen = () => (
  <ResourceListPage
    def={friendLinkResource}
    order={['logo', 'name', 'url', 'updatedAt']}
    deletable
    narrowHidden={['logo', 'updatedAt']}
    hint="拖动左侧手柄调整网站底部友情链接的顺序；也可聚焦手柄后按 ↑ ↓。"
    form={{ width: 640, fieldsOverride: { logo: <CoverInput /> } }}
  />
);
