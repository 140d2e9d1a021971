import type { FieldOption, FilterDef } from '@/lib/resources/define';

/** The statistics filters (the shared filter model): a range of China days, a department, an editor. */
export const STATS_FILTERS: FilterDef[] = [
  { name: 'range', label: '日期', input: 'dateRange' },
  { name: 'departmentId', label: '部门', input: 'select', placeholder: '全部部门' },
  { name: 'userId', label: '编辑', input: 'select', placeholder: '全部编辑' },
];

export function optionsOf(
  data: { departments: Array<{ id: number; name: string }>; editors: Array<{ id: number; username: string; name: string }> } | null,
): Record<string, FieldOption[]> {
  return {
    departmentId: (data?.departments ?? []).map((d) => ({ label: d.name, value: d.id })),
    userId: (data?.editors ?? []).map((u) => ({ label: `${u.name}（${u.username}）`, value: u.id })),
  };
}

/** The API parameters of the URL's filters (from/to as days). */
export function statsParams(query: Record<string, string>) {
  const day = (v?: string) => (v ? v.slice(0, 10) : undefined);
  return { from: day(query.from), to: day(query.to), departmentId: query.departmentId || undefined, userId: query.userId || undefined };
}
