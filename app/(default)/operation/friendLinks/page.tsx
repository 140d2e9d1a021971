import { ResourcePage } from '@/components/screens/resource-page';
import { routeMetadata } from '@/lib/page-title';

export const metadata = routeMetadata('/operation/friendLinks');

/** 友情链接: sites linked from the footer, in drag order; a logo from the library is optional. */
export default function Page() {
  return (
    <ResourcePage
      module="operations"
      name="friend_links"
      order={['logo', 'name', 'url', 'updatedAt']}
      deletable
      narrowHidden={['logo', 'updatedAt']}
      hint="拖动左侧手柄调整网站底部友情链接的顺序；也可聚焦手柄后按 ↑ ↓。"
      form={{ width: 640 }}
    />
  );
}
