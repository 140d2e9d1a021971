'use client';

import { Checkbox, Empty, Typography } from 'antd';
import { routesGrantedWith } from '@/lib/routes';

/** One row of `GET /api/auth`: a grantable route, in menu order. @see DESIGN §3 */
export interface CatalogueRoute {
  path: string;
  name: string;
  home: string | null;
  icon: string | null;
  ignore: boolean;
  /** Why the viewer cannot grant this page (they do not hold it); it is then shown but not offered. */
  disabledReason?: string;
}

export interface PermissionGroup {
  home: string;
  routes: CatalogueRoute[];
}

const OTHER_GROUP = '其他';

/**
 * The catalogue grouped by menu group, in menu order. A route with no group of its own (the article
 * preview: it is not in the menu) joins the group of a route under the same first path segment, so
 * `/article/preview` is listed with the other `/article/…` pages.
 */
export function groupRoutes(catalogue: CatalogueRoute[]): PermissionGroup[] {
  const groups = new Map<string, CatalogueRoute[]>();
  const segment = (path: string) => path.split('/')[1] ?? '';
  for (const route of catalogue) {
    const home = route.home ?? catalogue.find((r) => r.home && segment(r.path) === segment(route.path))?.home ?? OTHER_GROUP;
    groups.set(home, [...(groups.get(home) ?? []), route]);
  }
  return [...groups].map(([home, routes]) => ({ home, routes }));
}

/** The page's name; with the pages that come with it (内容审核（含敏感词库）) or a note when not in the menu. */
export function labelOf(route: CatalogueRoute): string {
  const along = routesGrantedWith(route.path).map((r) => r.name);
  if (along.length) return `${route.name}（含${along.join('、')}）`;
  return route.ignore ? `${route.name}（不在菜单中显示）` : route.name;
}

export interface PermissionEditorProps {
  /** The route catalogue from `GET /api/auth`. */
  catalogue: CatalogueRoute[];
  /** Granted route paths (controlled by the Form.Item named `routes`). */
  value?: string[];
  onChange?: (value: string[]) => void;
  disabled?: boolean;
  id?: string;
}

/**
 * Picks the route paths a role grants: one block per menu group with a 全选 box (half-checked when
 * some of its pages are chosen) and a box per page. The value is kept in catalogue order; paths the
 * catalogue no longer has are dropped (the server would refuse them).
 */
export function PermissionEditor({ catalogue, value = [], onChange, disabled, id }: PermissionEditorProps) {
  const chosen = new Set(value);
  const groups = groupRoutes(catalogue);
  const grantedCount = catalogue.filter((r) => chosen.has(r.path)).length;

  const emit = (next: Set<string>) => onChange?.(catalogue.filter((r) => next.has(r.path)).map((r) => r.path));

  const locked = new Set(catalogue.filter((r) => r.disabledReason).map((r) => r.path));
  const toggle = (paths: string[], isOn: boolean) => {
    const next = new Set(chosen);
    for (const path of paths) {
      if (locked.has(path)) continue;
      if (isOn) next.add(path);
      else next.delete(path);
    }
    emit(next);
  };

  if (catalogue.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="权限列表加载中或为空" />;

  return (
    <div id={id} data-testid="permission-editor">
      <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', marginBottom: 8, lineHeight: '32px' }}>
        <Typography.Text type="secondary">
          已选 {grantedCount} / {catalogue.length} 个页面
        </Typography.Text>
        <Checkbox
          disabled={disabled}
          checked={grantedCount === catalogue.length}
          indeterminate={grantedCount > 0 && grantedCount < catalogue.length}
          onChange={(e) =>
            toggle(
              catalogue.map((r) => r.path),
              e.target.checked,
            )
          }
        >
          全部页面
        </Checkbox>
      </div>
      {locked.size > 0 && !disabled && (
        <Typography.Paragraph type="secondary" style={{ margin: '0 0 8px' }}>
          灰色的页面你自己没有权限，不能授予。
        </Typography.Paragraph>
      )}
      <div style={{ border: '1px solid #f0f0f0', borderRadius: 6 }}>
        {groups.map((group, index) => {
          const paths = group.routes.map((r) => r.path);
          const count = paths.filter((p) => chosen.has(p)).length;
          return (
            <div key={group.home} role="group" aria-label={group.home} style={{ padding: '8px 12px', borderTop: index ? '1px solid #f0f0f0' : undefined }}>
              <div style={{ display: 'flex', alignItems: 'center', gap: 12, marginBottom: 4 }}>
                <Typography.Text strong>{group.home}</Typography.Text>
                <Checkbox
                  disabled={disabled}
                  checked={count === paths.length}
                  indeterminate={count > 0 && count < paths.length}
                  onChange={(e) => toggle(paths, e.target.checked)}
                  aria-label={`${group.home} 全选`}
                >
                  全选
                </Checkbox>
              </div>
              <div style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(140px, 1fr))', rowGap: 4 }}>
                {group.routes.map((route) => (
                  <Checkbox
                    key={route.path}
                    disabled={disabled || Boolean(route.disabledReason)}
                    checked={chosen.has(route.path)}
                    onChange={(e) => toggle([route.path], e.target.checked)}
                    title={route.disabledReason ?? route.path}
                    style={route.ignore ? { gridColumn: 'span 2' } : undefined}
                  >
                    {labelOf(route)}
                  </Checkbox>
                ))}
              </div>
            </div>
          );
        })}
      </div>
    </div>
  );
}
