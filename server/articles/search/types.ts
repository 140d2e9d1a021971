/** The search engine's contracts (server/articles/search/index.ts implements them, server/http/types.ts carries `SearchSync`). */

/** The list's filters with ids resolved (`-1` for a malformed id: it matches nothing). */
export interface SearchFilters {
  kind?: string;
  status?: number;
  categoryId?: number;
  tagId?: number;
  editorId?: number;
  departmentId?: number;
  updatedFrom?: string;
  updatedTo?: string;
  publishedFrom?: string;
  publishedTo?: string;
  /** 仅本人: the viewer's own articles. */
  scopeEditorId?: number;
  /** 本部门: these departments (the viewer's and below). */
  scopeDepartmentIds?: number[];
}

export interface SearchQuery {
  keyword: string;
  filters: SearchFilters;
  sort: 'updatedAt' | 'publishedAt';
  descending: boolean;
  from: number;
  size: number;
  /** Count matches up to this many; beyond it the total is "cap+". */
  totalCap: number;
}

/** What the engine stores of an article. */
export interface SearchDocument {
  id: number;
  kind: string;
  title: string;
  summary: string;
  body: string;
  categoryId: number | null;
  tagIds: number[];
  editorId: number;
  departmentId: number | null;
  status: number;
  updatedAt: string;
  publishedAt: string | null;
}

export interface SearchBackend {
  name: 'elasticsearch';
  /** Deepest row a search may reach (the engine's result window); deeper pages use PostgreSQL. */
  maxWindow: number;
  search(q: SearchQuery): Promise<{ ids: number[]; total: number; totalCapped: boolean }>;
  /** Writes (or replaces) these documents. */
  index(docs: SearchDocument[]): Promise<void>;
  remove(ids: number[]): Promise<void>;
  /** Builds a new index from `batches`, then points the alias at it and drops the old one. */
  rebuild(batches: AsyncIterable<SearchDocument[]>): Promise<{ indexed: number; index: string }>;
}

export interface SearchConfig {
  url: string;
  /** The alias searched and written (ELASTICSEARCH_INDEX, default `cms_articles`). */
  index: string;
  /** `ApiKey …` or `Basic …` (ELASTICSEARCH_API_KEY, or user:password in the URL). */
  authorization?: string;
  timeoutMs: number;
  fetch?: typeof fetch;
}

/** Keeps the index in step with the articles: the contract lives in server/ports.ts (the request env carries it). */
export type { SearchSync } from '../../ports';
