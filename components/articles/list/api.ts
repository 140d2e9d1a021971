/**
 * The article list's calls (server/articles/routes.ts, server/articles/list.ts, batch.ts): the list and search, deleting a draft,
 * the batch actions and the CSV export's address.
 * @see SEED §7, issue 7
 */
import { http } from '@/lib/http';
import type { ArticlePage as ArticlePageAnswer } from '@/lib/api/types';
import { isOk, type ListParams, type Reply } from '@/lib/api/resource';

/** One page as the list shows it: the total the server counted, or (a page read by its cursor) the one counted before. */
export type ArticlePage = Omit<ArticlePageAnswer, 'total' | 'totalCapped'> & { total: number; totalCapped: boolean };

/** The query parameters the list's filters write (and the export reads). */
export const ARTICLE_FILTER_PARAMS = [
  'keyword',
  'kind',
  'status',
  'categoryId',
  'tagId',
  'editorId',
  'departmentId',
  'updatedFrom',
  'updatedTo',
  'publishedFrom',
  'publishedTo',
] as const;

/** The last total the server counted, for which filters (everything but the page and cursor), and the last request. */
let known: { filters: string; total: number; totalCapped: boolean } | null = null;
let lastRequest = '';

const filtersKey = (params: ListParams) =>
  JSON.stringify(
    Object.entries(params)
      .filter(([k, v]) => k !== 'page' && k !== 'cursor' && v !== undefined && v !== '')
      .sort(([a], [b]) => a.localeCompare(b)),
  );

/**
 * One page of the list. Paging on by cursor under the same filters, the total counted for the page
 * before still holds, so the server is told not to count again (`withTotal=false`, issue 17) and the
 * reply gets the known total; a page opened any other way (first page, new filters, a page number,
 * the same page again after a change) is counted, and so is every page after a delete or move here.
 */
async function listArticles(params: ListParams): Promise<Reply<ArticlePage>> {
  const filters = filtersKey(params);
  const request = JSON.stringify([filters, params.page, params.cursor]);
  const reuse = params.cursor && known?.filters === filters && request !== lastRequest ? known : null;
  lastRequest = request;
  const reply = await http.main.get<ArticlePageAnswer>('/api/articles', reuse ? { ...params, withTotal: false } : params);
  // A refusal or a failure carries no page.
  if (!isOk(reply)) return reply as Reply<never>;
  const { total, totalCapped, ...page } = reply.data;
  if (total === null) return { ...reply, data: { ...page, total: reuse?.total ?? 0, totalCapped: reuse?.totalCapped ?? false } };
  known = { filters, total, totalCapped: Boolean(totalCapped) };
  return { ...reply, data: { ...page, total, totalCapped: Boolean(totalCapped) } };
}

/** A change made from the list: the next page is counted again. */
function forgetTotal<T>(reply: Promise<T>): Promise<T> {
  known = null;
  return reply;
}

export const articleList = {
  list: listArticles,
  remove: (id: number) => forgetTotal(http.main.del<{ id: number }>(`/api/articles/${id}`)),
  move: (ids: number[], categoryId: number) =>
    forgetTotal(
      http.main.post<{ action: 'move'; ids: number[]; unchanged: number; categoryName: string }>('/api/articles/batch', { action: 'move', ids, categoryId }),
    ),
  removeDrafts: (ids: number[]) => forgetTotal(http.main.post<{ action: 'delete'; ids: number[] }>('/api/articles/batch', { action: 'delete', ids })),
};

/** The CSV export of the list as filtered now (page, order and cursor left out: it exports everything). */
export function exportUrl(query: Record<string, string>): string {
  const params = new URLSearchParams();
  for (const name of ARTICLE_FILTER_PARAMS) if (query[name]) params.set(name, query[name]);
  const qs = params.toString();
  return `${process.env.NEXT_PUBLIC_API_BASE || ''}/api/articles/export.csv${qs ? `?${qs}` : ''}`;
}
