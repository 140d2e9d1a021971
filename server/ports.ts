import type { DbOrTx } from './db/types';

/**
 * Contracts that the request environment (server/http/types.ts) carries and a domain implements, so
 * that the HTTP layer imports no domain (issue 24: the folder import check sees inside server/).
 */

/**
 * Keeps the index in step with the articles (server/articles/search/index.ts `searchSync`): `changed` after a
 * commit, `idle()` resolves when nothing is pending (tests, shutdown).
 */
export interface SearchSync {
  changed(db: DbOrTx, ids: number[], removed?: boolean): void;
  idle(): Promise<void>;
}
