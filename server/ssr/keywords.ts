import 'server-only';
import { KEYWORD_PLATFORMS, searchKeywordResource } from '../../lib/resources/operations';
import { askedOf, firstResourceListState, type PageSearchParams } from './first-page';

/**
 * The first page of a search keyword screen (`KeywordScreen`, a `ResourceListPage` with a platform
 * tab per platform it offers): the tab the URL names, else the first, as the screen picks it.
 */
export function firstKeywordState(platforms: string[], searchParams: PageSearchParams) {
  const offered = KEYWORD_PLATFORMS.filter((o) => platforms.includes(String(o.value))).map((o) => String(o.value));
  const asked = askedOf(searchParams).platform;
  const tab = asked && offered.includes(asked) ? asked : (offered[0] ?? '');
  return firstResourceListState(searchKeywordResource, searchParams, { fixed: { platform: tab } });
}
