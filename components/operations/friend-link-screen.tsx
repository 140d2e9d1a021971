'use client';

import { App, Card, type TableColumnType } from 'antd';
import { EllipsisText, formatDateTime } from '@/components/crud';
import { CoverInput } from '@/components/media/cover-input';
import { isOk, resourceClient } from '@/lib/api/resource';
import { friendLinkResource, type FriendLink } from '@/lib/resources/operations';
import { linkColumn, SortableList, thumbColumn } from './sortable-list';

const client = resourceClient<FriendLink>(friendLinkResource);

/** 友情链接: sites linked from the footer, in drag order; a logo from the library is optional. */
export function FriendLinkScreen() {
  const { message } = App.useApp();
  const columns: TableColumnType<FriendLink>[] = [
    thumbColumn<FriendLink>('logo', 'Logo'),
    { key: 'name', title: '网站名称', dataIndex: 'name', width: 180, ellipsis: { showTitle: false }, render: (v: string) => <EllipsisText text={v} /> },
    linkColumn<FriendLink>('url', '链接', 260),
    { key: 'updatedAt', title: '更新时间', dataIndex: 'updatedAt', width: 150, render: formatDateTime },
  ];
  return (
    <Card>
      <SortableList<FriendLink>
        def={friendLinkResource}
        client={client}
        columns={columns}
        createLabel="新增友情链接"
        hasToggle
        onDelete={async (link) => {
          const reply = await client.remove(link.id);
          if (isOk(reply)) void message.success(`已删除「${link.name}」`);
        }}
        fieldsOverride={{ logo: <CoverInput /> }}
        transform={(v) => ({ ...v, logo: v.logo ?? '' })}
        narrowHidden={['logo', 'updatedAt']}
        hint="拖动左侧手柄调整网站底部友情链接的顺序；也可聚焦手柄后按 ↑ ↓。"
      />
    </Card>
  );
}
