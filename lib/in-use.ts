/**
 * What a 409 "still in use" refusal carries (`data.inUse`), shared by the server that builds it and
 * the screens that show it: per kind of user, how many (stopped at a cap) and, where a list can be
 * filtered to them, the link to it. @see server/crud/in-use.ts, docs/decisions.md (issue 14)
 */
export interface InUseItem {
  /** Which relation (`articles`, `videos`, `children` …), stable for screens that act on one. */
  key: string;
  /** The counter and noun, e.g. `篇文章`. */
  label: string;
  count: number;
  /** The real number is larger (counting stopped at the cap). */
  capped: boolean;
  /** A screen listing exactly these, e.g. `/article/list?categoryId=12`. */
  link?: string;
}

export interface InUseRefusal {
  inUse: InUseItem[];
  /** The dialog's title when the refused change is not a delete (「不能修改平台代码」); default 不能删除. */
  title?: string;
  /** What to do instead, the dialog's last line; default: stop using it, then delete. */
  hint?: string;
}

/** `12 篇文章` / `10000+ 篇文章`. */
export const inUseCount = (item: Pick<InUseItem, 'count' | 'capped' | 'label'>) => `${item.count}${item.capped ? '+' : ''} ${item.label}`;

/** The refusal's data when the reply is one. */
export function inUseOf(data: unknown): InUseItem[] | null {
  const list = (data as Partial<InUseRefusal> | null | undefined)?.inUse;
  return Array.isArray(list) && list.length ? list : null;
}
