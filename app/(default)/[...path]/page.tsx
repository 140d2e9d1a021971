import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { HydrationBoundary } from '@tanstack/react-query';
import { ResourcePage } from '@/components/screens/resource-page';
import { NOT_FOUND_TITLE, pageName, routeMetadata } from '@/lib/page-title';
import { findScreen, loadResource } from '@/lib/resources/modules';
import { firstResourceListState, type PageSearchParams } from '@/server/ssr/first-page';

type Props = { params: Promise<{ path: string[] }>; searchParams: Promise<PageSearchParams> };

const pathOf = async ({ params }: Props) => `/${(await params).path.join('/')}`;

export async function generateMetadata(props: Props): Promise<Metadata> {
  // A path that is no route is the 404 page: its tab says so (the not-found file's own title is
  // not used when a page calls notFound()).
  if (!pageName(await pathOf(props))) return { title: NOT_FOUND_TITLE };
  return routeMetadata(await pathOf(props));
}

/**
 * Every plain resource screen: the declaration whose `screen` sits at this route (友情链接, 文章来源 …),
 * so such a resource needs no page file. Its first page of rows is read on the server and handed to
 * the screen's data layer (server/ssr/first-page.ts). Any other path here is no page (404). The middleware has
 * already guarded the route by the catalogue (lib/routes.ts), like any other page.
 */
export default async function Page(props: Props) {
  const screen = await findScreen(await pathOf(props));
  if (!screen) notFound();
  // The first page of rows comes with the HTML (the URL's filters honoured), read as the viewer.
  const state = await firstResourceListState(await loadResource(screen.module, screen.name), await props.searchParams);
  return (
    <HydrationBoundary state={state}>
      <ResourcePage module={screen.module} name={screen.name} />
    </HydrationBoundary>
  );
}
