'use client';

import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { usePathname, useSearchParams } from 'next/navigation';
import { showQuery } from '@/components/crud/use-list-query';
import { Button, Empty, Select, Space, Tag, Typography, type TableColumnType } from 'antd';
import { Card } from '@/components/common/card';
import { EditOutlined, PlusOutlined } from '@ant-design/icons';
import { EllipsisText, ResourceFormModal, linkColumn, ResourceList, thumbColumn, useResourceDialog } from '@/components/crud';
import { CoverInput } from '@/components/media/cover-input';
import { resourceClient } from '@/lib/api/resource';
import { invalidate, queryKeys, resourcePath } from '@/lib/query';
import { useApiRead } from '@/lib/query/use-api-read';
import type { ListResult } from '@/lib/resources/define';
import {
  chameleonResource,
  chameleonTypeResource,
  chameleonVersionResource,
  KEYWORD_PLATFORMS,
  NAV_TYPES_READ,
  NAV_VERSIONS_READ,
  navIconsFixed,
  navVersion,
} from '@/lib/resources/operations';
import type { Chameleon, ChameleonType, ChameleonVersion } from '@/lib/api/types';

const versionClient = resourceClient<ChameleonVersion>(chameleonVersionResource);
const typeClient = resourceClient<ChameleonType>(chameleonTypeResource);
const iconClient = resourceClient<Chameleon>(chameleonResource);
const platformLabel = (p: string) => KEYWORD_PLATFORMS.find((o) => o.value === p)?.label ?? p;
const versionName = (v: ChameleonVersion) => `${platformLabel(v.platform)} · ${v.name}`;
const NONE: never[] = [];

/**
 * 导航图标: choose a version (an app release's set of icons), then its icons grouped by type
 * (金刚区, 底部导航 …), each group in drag order, icons from the picture library.
 * Versions and types are added and renamed here; nothing is deleted (SEED §7), a version or an
 * icon is switched off instead.
 */
export function NavScreen() {
  const pathname = usePathname();
  const searchParams = useSearchParams();
  const queryClient = useQueryClient();
  // Read with the page on the server (app/(default)/operation/nav), the icons of each type too.
  const versionRead = useApiRead<ListResult<ChameleonVersion>>(NAV_VERSIONS_READ);
  const typeRead = useApiRead<ListResult<ChameleonType>>(NAV_TYPES_READ);
  const versions = versionRead.data?.list ?? (versionRead.isError ? NONE : null);
  const types = typeRead.data?.list ?? (typeRead.isError ? NONE : null);
  // A write reads them again here and on any other screen or tab showing them (icon counts too).
  const loadVersions = useCallback(() => invalidate(queryClient, [queryKeys.all(resourcePath(chameleonVersionResource))]), [queryClient]);
  const loadTypes = useCallback(() => invalidate(queryClient, [queryKeys.all(resourcePath(chameleonTypeResource))]), [queryClient]);

  const versionDialog = useResourceDialog<ChameleonVersion>(chameleonVersionResource, {
    client: versionClient,
    onSaved: (saved) => void loadVersions().then(() => chooseVersion(saved.id)),
  });
  const typeDialog = useResourceDialog<ChameleonType>(chameleonTypeResource, { client: typeClient, onSaved: () => void loadTypes() });

  const version = navVersion(versions ?? [], searchParams.get('version'));
  const chooseVersion = (id: number) => showQuery(pathname, { version: String(id) });

  const columns: TableColumnType<Chameleon>[] = [
    thumbColumn<Chameleon>('icon', '图标', { square: true, width: 72 }),
    { key: 'name', title: '名称', dataIndex: 'name', width: 160, ellipsis: { showTitle: false }, render: (v: string) => <EllipsisText text={v} /> },
    linkColumn<Chameleon>('url', '链接', 260),
  ];
  const typeOptions = (types ?? []).map((t) => ({ label: t.name, value: t.id }));

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Card size="small">
        <Space wrap align="center">
          <label htmlFor="nav-version">版本</label>
          <Select<number>
            id="nav-version"
            style={{ minWidth: 260 }}
            loading={versions === null}
            value={version?.id}
            placeholder="还没有版本"
            onChange={chooseVersion}
            options={(versions ?? []).map((v) => ({
              value: v.id,
              label: (
                <span>
                  {versionName(v)} · {v.iconCount ?? 0} 个图标{' '}
                  <Tag color={v.enabled ? 'success' : 'default'} style={{ marginInlineEnd: 0 }}>
                    {v.enabled ? '启用' : '已停用'}
                  </Tag>
                </span>
              ),
            }))}
          />
          <Button icon={<PlusOutlined aria-hidden />} onClick={() => versionDialog.show()}>
            新增版本
          </Button>
          <Button icon={<EditOutlined aria-hidden />} disabled={!version} onClick={() => version && versionDialog.show(version)}>
            编辑版本
          </Button>
        </Space>
        <div style={{ marginTop: 12 }}>
          <Space wrap size={[8, 8]}>
            <Typography.Text type="secondary">图标类型：</Typography.Text>
            {(types ?? []).map((t) => (
              <Tag key={t.id} style={{ marginInlineEnd: 0 }}>
                <Button
                  type="link"
                  size="small"
                  style={{ padding: 0, height: 'auto' }}
                  onClick={() => typeDialog.show(t)}
                  aria-label={`编辑图标类型「${t.name}」`}
                >
                  {t.name} <EditOutlined aria-hidden />
                </Button>
              </Tag>
            ))}
            <Button size="small" icon={<PlusOutlined aria-hidden />} onClick={() => typeDialog.show()}>
              新增类型
            </Button>
          </Space>
        </div>
      </Card>

      {versions && !versions.length && (
        <Card>
          <Empty description="还没有导航版本。点「新增版本」建一个（如 APP 6.2.0），再为它添加图标。" />
        </Card>
      )}
      {version && types && !types.length && (
        <Card>
          <Empty description="还没有图标类型。点「新增类型」添加，如「金刚区」「底部导航」。" />
        </Card>
      )}
      {version &&
        (types ?? []).map((type) => (
          <Card key={`${version.id}:${type.id}`} size="small" title={<h2 style={{ fontSize: 16, margin: 0 }}>{type.name}</h2>}>
            <ResourceList<Chameleon>
              def={chameleonResource}
              client={iconClient}
              fieldColumns={columns}
              fixed={navIconsFixed(version.id, type.id)}
              pageSize={100}
              filters={[]}
              createLabel={`新增「${type.name}」图标`}
              hasToggle
              initialValues={{ typeId: type.id }}
              transform={(v, record) => (record ? v : { ...v, versionId: version.id })}
              narrowHidden={['url']}
              onChanged={() => void loadVersions()}
              hint={`「${type.name}」里图标的显示顺序：拖动左侧手柄，或聚焦手柄后按 ↑ ↓。`}
              form={{ width: 600, optionsFor: { typeId: typeOptions }, fieldsOverride: { icon: <CoverInput pickerTitle="选择图标" /> } }}
            />
          </Card>
        ))}

      <ResourceFormModal<ChameleonVersion>
        {...versionDialog.formModalProps}
        // A new app release usually keeps most icons: it starts as a copy of the version on screen (clear it for an empty one).
        initialValues={versionDialog.dialog.record ? undefined : { copyFrom: version?.id ?? null, platform: version?.platform ?? 'app' }}
        fieldsOverride={{
          copyFrom: (
            <Select<number>
              allowClear
              style={{ width: '100%', minWidth: 0 }}
              placeholder="不复制（空版本）"
              options={(versions ?? []).map((v) => ({
                value: v.id,
                label: `${versionName(v)}（${v.iconCount ?? 0} 个图标${v.enabled ? '，启用' : '，已停用'}）`,
              }))}
            />
          ),
        }}
      />
      <ResourceFormModal<ChameleonType> {...typeDialog.formModalProps} />
    </Space>
  );
}
