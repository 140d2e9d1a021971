import 'server-only';
import { resourcePath } from '../../lib/query/keys';
import { allRowsRead } from '../../lib/query/reads';
import type { ListResult, ResourceDecl } from '../../lib/resources/define';
import { focusFixed, focusGroupParam, type FocusGroup } from '../../lib/resources/operations';
import { platformResource } from '../../lib/resources/taxonomy';
import { askedOf, firstPages, type PageSearchParams } from './first-page';

/**
 * The first page of a focus family's list (`FocusList`, components/operations/focus-screen.tsx): the
 * platforms it groups by (and, for channels, the category trees it chooses from), then the slots of
 * the group the URL names (`focusFixed`, as the screen picks it), 100 in drag order.
 */
export async function firstFocusState({ def, group, searchParams }: { def: ResourceDecl; group: FocusGroup; searchParams: PageSearchParams }) {
  const pages = firstPages();
  const [platforms] = await Promise.all([
    pages.read<ListResult<{ code: string; enabled: boolean }>>(allRowsRead(resourcePath(platformResource))),
    group === 'category' ? pages.categoryGroups() : undefined,
  ]);
  const fixed = focusFixed(group, askedOf(searchParams)[focusGroupParam(group)], platforms?.list ?? []);
  if (fixed) await pages.resourceList(def, searchParams, { pageSize: 100, fixed });
  return pages.state();
}
