import { http } from '@/lib/http';
import { isOk } from '@/lib/api/resource';
import type { Category, CategoryType } from '@/lib/api/types';

export interface CategoryGroup {
  type: CategoryType;
  /** The type's whole tree, flat, in sibling order (`buildTree` nests it). */
  rows: Category[];
}

/**
 * Every category type with all its categories: the types (few), then `GET /api/categories/tree`
 * per type, which answers a type's whole tree (the paged `GET /api/categories` stops at 100 rows,
 * too few for a newsroom's channels).
 */
export async function loadCategoryGroups(): Promise<CategoryGroup[] | null> {
  const types = await http.main.get<{ list: CategoryType[] }>('/api/category_types', { pageSize: 100 });
  if (!isOk(types)) return null;
  return Promise.all(
    types.data.list.map(async (type) => {
      const reply = await http.main.get<Category[]>('/api/categories/tree', { typeId: type.id });
      return { type, rows: isOk(reply) ? reply.data : [] };
    }),
  );
}
