/**
 * One declaration per resource, shared by the server (zod schema, permission, sortability) and the
 * client (columns, filters, form items). Data only: no React, no server code, so both sides can
 * import it. A screen composes the generic pieces and overrides any of them.
 * @see STYLE §2, DESIGN §2
 */
import type { z } from 'zod';

/**
 * How a field is edited and shown. `image`: a picture URL chosen from the library or uploaded (a
 * thumbnail column; its uses are recorded in the library); `link`: an http(s) URL (a link column).
 */
export type FieldInput = 'text' | 'textarea' | 'password' | 'number' | 'switch' | 'select' | 'radio' | 'treeSelect' | 'date' | 'image' | 'link';

export interface FieldOption {
  label: string;
  value: string | number | boolean;
}

export interface FieldDef {
  name: string;
  label: string;
  /**
   * Shown as a list column (in declaration order). `ellipsis`: long values end in … with the whole
   * value in a tooltip. `key`: the column that names the row; it stays pinned on the left. `title`:
   * the column's heading when it differs from the form label (a switch 状态 headed 启用). `square`:
   * an `image` shown as a square logo rather than a 16:9 picture; `tag`: a select's option label in a tag.
   */
  list?: boolean | { width?: number; ellipsis?: boolean; key?: boolean; title?: string; square?: boolean; tag?: boolean };
  /**
   * The list can be ordered by this column (`?sort=<name>&order=ascend|descend`). Declare it only
   * where an index serves the order; `crudRoutes` accepts exactly the declared names.
   */
  sort?: boolean;
  /**
   * `false`: not a column of the resource's table: computed by its routes (a joined name) or stored
   * as something else (an initial password → its hash). Every other list or form field is a column
   * (tests/api/resources.test.ts).
   */
  stored?: boolean;
  /**
   * The value a new record's form starts with: the schema's `.default(…)` for the field, written
   * here so the form opens without the schema (tests/unit/schema-split.test.ts checks they agree).
   */
  default?: unknown;
  /** Shown in the create/edit form; `'create'` = create only (e.g. an initial password). */
  form?: boolean | 'create';
  input?: FieldInput;
  required?: boolean;
  /** Minimum and maximum length of a text value (the server's zod schema enforces them too). */
  min?: number;
  max?: number;
  options?: FieldOption[];
  placeholder?: string;
  help?: string;
}

export type FilterInput = 'keyword' | 'select' | 'dateRange' | 'text';

/**
 * The one filter model of every list (docs/decisions.md, issue 11): a filter applies as soon as it
 * changes; typed text waits until typing pauses (or Enter). Text filters match parts of the value.
 */

export interface FilterDef {
  /** Query parameter name (`keyword`, `enabled`, …); a dateRange writes `from` / `to` (ISO-8601) or its `params`. */
  name: string;
  label: string;
  input: FilterInput;
  options?: FieldOption[];
  placeholder?: string;
  /** A dateRange to the minute (log screens) instead of whole days. */
  withTime?: boolean;
  /** A dateRange's query parameters when a list has more than one range (default `from`, `to`). */
  params?: [from: string, to: string];
  /**
   * The value used while the address has none: a list whose records are retired by a switch or an
   * end date (no delete) hides them by default (`'true'`, `'current'`); the option `ALL_VALUE`
   * (「全部」) shows everything. A filter at its default does not count as filtering (drag stays on).
   */
  default?: string;
}

/**
 * A declaration without its zod schema: what a list screen needs (columns, labels, filters, screen
 * options). Its module imports no zod, so a list's first load carries none (issue 17); the schema is
 * joined on in `lib/resources/schemas/*` (`withSchema`), which the server and the forms' checks use.
 */
export interface ResourceDecl {
  /** API path segment and operation-log resource name, e.g. `roles` → `/api/roles`. */
  name: string;
  /** Chinese label used in messages: 角色. */
  label: string;
  /** The route permission that writes it (DESIGN §3). */
  permission: string;
  fields: FieldDef[];
  filters?: FilterDef[];
  /** Records have a `sort` column and `PUT /sort` reorders them. */
  sortable?: boolean;
  /** Which host serves it (DESIGN §1). */
  host?: 'main' | 'product' | 'topic';
  /** The field that names a record in messages and the log (Payload's `useAsTitle`); default `name`, else `title`. */
  titleField?: string;
  /** Who may read the list: the resource's permission (default) or anyone signed in (reference lists for pickers). */
  read?: 'signedIn' | 'permission';
  /** Fields the list's `keyword` filter searches (parts of the value, case-insensitive). */
  keyword?: string[];
  /** Fields no two records share: a duplicate answers 409 with this field error. */
  unique?: Array<{ field: string; message: string }>;
  /**
   * The library's name for this resource as an owner of pictures (`media_usage.owner_type`) when
   * it has `image` fields; default: `name`.
   */
  mediaOwner?: string;
  /**
   * What keeps a record from being deleted (issue 14): rows of another resource whose `field` holds
   * its id. The server resolves `resource` to that resource's table in its registry
   * (server/resources.ts) and the one generic delete refuses with 409 while any exists.
   */
  usedBy?: UsedByDef[];
  /** A valid record to create, for the CRUD contract test and the API description (OpenAPI `example`). */
  example?: Record<string, unknown>;
  /**
   * A plain list screen at the `permission` route, with no page file: the catch-all page
   * (app/(default)/[...path]/page.tsx) renders `ResourcePage` for it. Plain data only.
   */
  screen?: ScreenDef;
  /**
   * Records the `example` needs first, by field: `{ typeId: 'category_types' }` (the field takes the
   * id of a record made from that resource's own example), `{ platform: 'platform.code' }` (its
   * `code`). The contract test creates them, in turn with what they need; the example's own value
   * (`typeId: 1`) stays what the API description shows.
   */
  exampleNeeds?: Record<string, string>;
  /**
   * Why there is no `DELETE /{id}` (SEED §7 lists GET, POST, PUT only …): `crudRoutes` mounts none,
   * and the contract test asserts the refusal (404, the record kept, nothing logged).
   */
  noDelete?: string;
  /**
   * Why a delete cannot be undone (`POST /{id}/restore`, the list's 撤销): e.g. the log keeps no
   * password, so a deleted employee cannot come back whole. Without it every generic delete can be
   * undone for an hour.
   */
  noRestore?: string;
  /**
   * How a record is retired where there is no delete, said in the list's note (default: switched
   * off, and hidden by the status filter's default). ux-2026-11-28 P2-3.
   */
  retire?: string;
  /**
   * Why the generic JSON contract (POST the example, PUT, DELETE) does not apply, and the test that
   * covers the resource instead: created from an upload, through the editorial workflow, by
   * `PUT /edit` … Every declaration on the registry has an `example` or this.
   */
  ownContract?: { reason: string; test: string };
}

/** A declaration with its zod schema (the server's, and the forms' checks). */
export interface ResourceDef<S extends z.ZodObject = z.ZodObject, R extends z.ZodObject = z.ZodObject> extends ResourceDecl {
  /** Create schema; updates accept any subset of it. */
  schema: S;
  /**
   * A record as the API answers it (list rows, get, create, update, restore): the schema's fields
   * as stored, with `id`, the time stamps, `sort` when sortable and what the table or the routes add
   * (`withSchema` in lib/resources/schemas/common.ts derives it). The API description publishes it
   * and the browser's record type is its `z.output` (`RecordOf`).
   */
  record: R;
}

/** How the plain screen of a resource differs from the declaration's defaults (`ResourceListPage`'s options); 删除 is offered unless `noDelete`. */
export interface ScreenDef {
  /** The columns' order by key when it differs from the form's. */
  order?: string[];
  /** Columns left out on a phone. */
  narrowHidden?: string[];
  /** The note under the filters (of a drag-ordered list: how to drag). */
  hint?: string;
  /** The create/edit dialog's width in px. */
  formWidth?: number;
}

/** One "in use by" relation, as data: `{ resource: 'articles', field: 'categoryId', label: '篇文章' }`. */
export interface UsedByDef {
  /** The resource whose rows point at this one (a registry name: `articles`, `videos`, `categories` …). */
  resource: string;
  /** Its field holding this record's id (an int[] field, e.g. `tagIds`, matches when it contains the id). */
  field: string;
  /** The counter and noun in the refusal: `篇文章`, `个短视频`. */
  label: string;
  /** Names the relation in the refusal's `data.inUse` (default: `resource`), e.g. `children`. */
  key?: string;
  /** A list filtered to them; the id is appended (`/article/list?categoryId=`). */
  list?: string;
}

/** A record as the API answers it (the declaration's `record`): use it with `import type` in the browser. */
export type RecordOf<D extends Pick<ResourceDef, 'record'>> = z.output<D['record']>;

/** A declaration without its schema (no zod in its module): see `ResourceDecl`. */
export function declareResource(decl: ResourceDecl): ResourceDecl {
  return decl;
}

/** The fields holding a picture URL (`input: 'image'`): the library records where each is used. */
export const imageFields = (def: Pick<ResourceDef, 'fields'>): string[] => def.fields.filter((f) => f.input === 'image').map((f) => f.name);

/** The library's name for the resource as an owner of pictures (`media_usage.owner_type`), or null when it has no image field. */
export const mediaOwnerOf = (def: Pick<ResourceDef, 'fields' | 'name' | 'mediaOwner'>): string | null =>
  imageFields(def).length ? (def.mediaOwner ?? def.name) : null;

/** How the library names each owner of pictures among these declarations: `{ friend_link: '友情链接' }`. */
export function mediaOwnerNames(defs: ReadonlyArray<Pick<ResourceDef, 'fields' | 'name' | 'mediaOwner' | 'label'>>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const def of defs) {
    const owner = mediaOwnerOf(def);
    if (owner) out[owner] = def.label;
  }
  return out;
}

/** `/api/<name>` on its host. */
export function apiPath(def: Pick<ResourceDef, 'name'>): string {
  return `/api/${def.name}`;
}

/** The list order parameters: `sort` names a declared sortable field, `order` its direction. */
export type SortOrder = 'ascend' | 'descend';

/** List reply (DESIGN §2). `totalCapped`: the real total is at least `total` (huge tables). */
export interface ListResult<T> {
  list: T[];
  total: number;
  page: number;
  pageSize: number;
  totalCapped?: boolean;
}

export const PAGE_SIZE_MAX = 100;
export const PAGE_SIZE_DEFAULT = 20;
