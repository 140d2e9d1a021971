import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import { keywordRouteOf } from '../../lib/resources/operations';
import { searchKeywordResource } from '../../lib/resources/schemas/operations';
import { access, canAccess } from '../auth/access';
import type { Tx } from '../db/types';
import { searchKeywords } from '../db/schema';
import { crudRoutes } from '../crud/crud-routes';
import { conflict, forbidden } from '../http/errors';
import { keywordEvents } from '../delivery/families/events';
import type { SessionUser } from '../http/types';

/** 搜索关键词 (SEED §7): app/m and pc keywords, each person seeing the platforms their screens manage. */

const KEYWORD_ROUTES = ['/operation/keywords', '/operation/pckeywords'] as const;

/** The platforms whose keywords this person manages: app/m on one screen, pc on the other. */
function keywordPlatforms(user: SessionUser): string[] {
  return [...(canAccess(user, '/operation/keywords') ? ['app', 'm'] : []), ...(canAccess(user, '/operation/pckeywords') ? ['pc'] : [])];
}

function assertKeywordPlatform(user: SessionUser, platform: string) {
  if (!canAccess(user, keywordRouteOf(platform))) throw forbidden(platform === 'pc' ? '没有管理 PC 搜索关键词的权限' : '没有管理 APP / M 站搜索关键词的权限');
}

async function assertKeywordUnique(tx: Tx, platform: string, word: string, exceptId?: number) {
  const [twin] = await tx
    .select({ id: searchKeywords.id })
    .from(searchKeywords)
    .where(and(eq(searchKeywords.platform, platform), eq(searchKeywords.word, word), exceptId ? ne(searchKeywords.id, exceptId) : undefined))
    .limit(1);
  if (twin) throw conflict(`该平台已有关键词「${word}」`, { word: `该平台已有关键词「${word}」` });
}

export const searchKeywordRoutes: ReturnType<typeof crudRoutes<typeof searchKeywordResource.schema, typeof searchKeywords>> = crudRoutes({
  resource: searchKeywordResource,
  table: searchKeywords,
  write: access.anyRoute(KEYWORD_ROUTES),
  // A person sees and sorts only the platforms their screens manage.
  scope: (user) => {
    const allowed = keywordPlatforms(user);
    return allowed.length === 3 ? undefined : allowed.length ? inArray(searchKeywords.platform, allowed) : sql`false`;
  },
  filters: {
    platform: (v) =>
      inArray(
        searchKeywords.platform,
        v
          .split(',')
          .filter((p) => ['app', 'm', 'pc'].includes(p))
          .concat('-'),
      ),
  },
  orderBy: [asc(searchKeywords.platform), asc(searchKeywords.sort), asc(searchKeywords.id)],
  sortGroup: searchKeywords.platform,
  events: keywordEvents,
  hooks: {
    async beforeCreate({ tx, user }, values) {
      assertKeywordPlatform(user, values.platform);
      await assertKeywordUnique(tx, values.platform, values.word);
      return values;
    },
    async beforeUpdate({ tx, user }, before, patch) {
      const platform = patch.platform ?? before.platform;
      const moves = platform !== before.platform;
      if (moves) assertKeywordPlatform(user, platform);
      if (moves || 'word' in patch) await assertKeywordUnique(tx, platform, patch.word ?? before.word, before.id);
      // Moved to another platform: the end of that platform's list.
      return moves ? { ...patch, sort: await searchKeywordRoutes.nextSort(tx, { platform }) } : patch;
    },
  },
});
