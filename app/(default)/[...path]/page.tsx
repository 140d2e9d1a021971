import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { ResourcePage } from '@/components/screens/resource-page';
import { NOT_FOUND_TITLE, pageName, routeMetadata } from '@/lib/page-title';
import { findScreen } from '@/lib/resources/modules';

type Props = { params: Promise<{ path: string[] }> };

const pathOf = async ({ params }: Props) => `/${(await params).path.join('/')}`;

export async function generateMetadata(props: Props): Promise<Metadata> {
  // A path that is no route is the 404 page: its tab says so (the not-found file's own title is
  // not used when a page calls notFound()).
  if (!pageName(await pathOf(props))) return { title: NOT_FOUND_TITLE };
  return routeMetadata(await pathOf(props));
}

/**
 * Every plain resource screen: the declaration whose `screen` sits at this route (友情链接, 文章来源 …),
 * so such a resource needs no page file. Any other path here is no page (404). The middleware has
 * already guarded the route by the catalogue (lib/routes.ts), like any other page.
 */
export default async function Page(props: Props) {
  const screen = await findScreen(await pathOf(props));
  if (!screen) notFound();
  return <ResourcePage module={screen.module} name={screen.name} />;
}
