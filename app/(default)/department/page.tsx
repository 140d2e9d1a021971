import { HydrationBoundary } from '@tanstack/react-query';
import { DepartmentScreen } from '@/components/department/department-screen';
import { routeMetadata } from '@/lib/page-title';
import { resourcePath } from '@/lib/query/keys';
import { allRowsRead, treeRead } from '@/lib/query/reads';
import { roleResource } from '@/lib/resources/roles';
import { userResource } from '@/lib/resources/users';
import { firstPages, type PageSearchParams } from '@/server/ssr/first-page';

export const metadata = routeMetadata('/department');

/**
 * 部门与员工: the department tree beside the users of the chosen department (`?dept=`). The tree,
 * the roles the user list names and the list's first page (the URL's filters) are read on the
 * server as this person (server/ssr/first-page.ts), so they come with the HTML.
 */
export default async function DepartmentPage({ searchParams }: { searchParams: Promise<PageSearchParams> }) {
  const asked = await searchParams;
  const dept = Number(Array.isArray(asked.dept) ? asked.dept[0] : asked.dept) || undefined;
  const pages = firstPages();
  await Promise.all([
    pages.read(treeRead('/api/departments')),
    pages.read(allRowsRead(resourcePath(roleResource))),
    pages.resourceList(userResource, asked, { fixed: { departmentId: dept } }),
  ]);
  return (
    <HydrationBoundary state={pages.state()}>
      <DepartmentScreen />
    </HydrationBoundary>
  );
}
