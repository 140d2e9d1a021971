/**
 * The article list's calls (server/routes/articles.ts, server/articles/list.ts, batch.ts): the list and search, deleting a draft,
 * the batch actions and the CSV export's address.
 * @see SEED §7, issue 7
 */
import { http } from '../http';
import type { ListResult } from '../resources/define';
import type { ArticleListItem } from '../resources/articles';
import type { ListParams, Reply } from './resource';

/** One page of the list: the capped total, the cursors to the pages around it, which engine answered. */
export interface ArticlePage extends ListResult<ArticleListItem> {
  nextCursor: string | null;
  prevCursor: string | null;
  /** `elasticsearch` when the search engine answered a keyword. */
  engine?: 'postgres' | 'elasticsearch';
  /** Set when the search engine failed and PostgreSQL answered instead. */
  notice?: string;
}

/** The query parameters the list's filters write (and the export reads). */
export const ARTICLE_FILTER_PARAMS = ['keyword', 'kind', 'status', 'categoryId', 'tagId', 'editorId', 'departmentId', 'updatedFrom', 'updatedTo', 'publishedFrom', 'publishedTo'] as const;

export const articleList = {
  list: (params: ListParams): Promise<Reply<ArticlePage>> => http.main.get<ArticlePage>('/api/articles', params),
  remove: (id: number) => http.main.del<{ id: number }>(`/api/articles/${id}`),
  move: (ids: number[], categoryId: number) => http.main.post<{ action: 'move'; ids: number[]; unchanged: number; categoryName: string }>('/api/articles/batch', { action: 'move', ids, categoryId }),
  removeDrafts: (ids: number[]) => http.main.post<{ action: 'delete'; ids: number[] }>('/api/articles/batch', { action: 'delete', ids }),
};

/** The CSV export of the list as filtered now (page, order and cursor left out: it exports everything). */
export function exportUrl(query: Record<string, string>): string {
  const params = new URLSearchParams();
  for (const name of ARTICLE_FILTER_PARAMS) if (query[name]) params.set(name, query[name]);
  const qs = params.toString();
  return `${process.env.NEXT_PUBLIC_API_BASE || ''}/api/articles/export.csv${qs ? `?${qs}` : ''}`;
}
