'use client';

import { useCallback, useEffect, useState } from 'react';
import Link from 'next/link';
import { Button, Drawer, Table, Tag, type TableColumnType } from 'antd';
import { Card } from '@/components/common/card';
import { EllipsisText, formatDateTime, ResourceList, type ResourceScreenOptions } from '@/components/crud';
import { CoverInput } from '@/components/media/cover-input';
import { http } from '@/lib/http';
import { isOk } from '@/lib/api/resource';
import { ALBUM_COUNT_CAP, albumResource } from '@/lib/resources/albums';
import { ARTICLE_KINDS, ARTICLE_READ_ROUTES, ARTICLE_STATUS_OPTIONS } from '@/lib/resources/articles';
import type { ListResult } from '@/lib/resources/define';
import { useViewer } from '@/stores/user';
import type { Album, AlbumArticle } from '@/lib/api/types';

const countText = (n: number) => (n >= ALBUM_COUNT_CAP ? `${ALBUM_COUNT_CAP}+` : String(n));

/**
 * 专辑管理: albums in their display order (drag the handle, or focus it and use the arrow keys),
 * with cover, introduction and how many articles each holds; the count opens the album's articles
 * for people who may read articles (the server answers others 403: issue 14 F5).
 * Articles join an album in their editor (the 专辑 field). An album that still holds articles is not
 * deleted: the server says how many.
 */
export function AlbumScreen() {
  const [opened, setOpened] = useState<Album | null>(null);
  const viewer = useViewer();
  const readsArticles = Boolean(viewer && (viewer.isSuper || ARTICLE_READ_ROUTES.some((r) => viewer.routes.has(r))));
  const options: ResourceScreenOptions<Album> = {
    order: ['cover', 'name', 'description', 'articleCount'],
    addColumns: [
      {
        key: 'articleCount',
        title: '文章数',
        dataIndex: 'articleCount',
        width: 90,
        render: (n: number, a: Album) =>
          !readsArticles ? (
            countText(n)
          ) : (
            <Button type="link" size="small" style={{ padding: 0 }} onClick={() => setOpened(a)} aria-label={`查看专辑「${a.name}」的 ${countText(n)} 篇文章`}>
              {countText(n)}
            </Button>
          ),
      },
    ],
    narrowHidden: ['cover', 'description'],
    deletable: true,
    deletedText: (a) => `已删除专辑「${a.name}」`,
    deleteRefusal: (a) => (a.articleCount > 0 ? `专辑中还有 ${countText(a.articleCount)} 篇文章，先在文章中移出专辑后才能删除` : null),
    hint: '拖动左侧手柄调整专辑的显示顺序；文章在编辑器的「专辑」中加入专辑。',
    filteredHint: '筛选时不能拖动排序，清除筛选后可拖动。',
  };

  return (
    <Card>
      <ResourceList<Album> def={albumResource} {...options} form={{ width: 600, fieldsOverride: { cover: <CoverInput /> } }} />
      <AlbumArticles album={opened} onClose={() => setOpened(null)} />
    </Card>
  );
}

const KIND_LABEL = Object.fromEntries(ARTICLE_KINDS.map((k) => [k.value, k.label]));
const KIND_ROUTE = Object.fromEntries(ARTICLE_KINDS.map((k) => [k.value, k.route]));
const STATUS_LABEL = Object.fromEntries(ARTICLE_STATUS_OPTIONS.map((s) => [s.value, s.label]));

/** The album's articles, newest first, in the viewer's data scope; each opens in its editor. */
function AlbumArticles({ album, onClose }: { album: Album | null; onClose: () => void }) {
  const [page, setPage] = useState(1);
  const [data, setData] = useState<ListResult<AlbumArticle> | null>(null);
  const [loading, setLoading] = useState(false);
  const albumId = album?.id ?? null;

  const load = useCallback(async (id: number, p: number) => {
    setLoading(true);
    const reply = await http.main.get<ListResult<AlbumArticle>>(`/api/articles_album/${id}/articles`, { page: p, pageSize: 10 });
    if (isOk(reply)) setData(reply.data);
    setLoading(false);
  }, []);

  useEffect(() => {
    setPage(1);
    setData(null);
    if (albumId !== null) void load(albumId, 1);
  }, [albumId, load]);

  const columns: TableColumnType<AlbumArticle>[] = [
    {
      key: 'title',
      title: '标题',
      dataIndex: 'title',
      ellipsis: { showTitle: false },
      render: (v: string, a) => (
        <span>
          <Tag style={{ marginInlineEnd: 6 }}>{KIND_LABEL[a.kind] ?? a.kind}</Tag>
          <Link href={`${KIND_ROUTE[a.kind] ?? '/article/addArticle'}?id=${a.id}`}>
            <EllipsisText text={v} />
          </Link>
        </span>
      ),
    },
    { key: 'status', title: '状态', dataIndex: 'status', width: 90, render: (s: number) => STATUS_LABEL[s] ?? s },
    { key: 'editorName', title: '编辑', dataIndex: 'editorName', width: 100, render: (v: string | null) => v ?? '-' },
    { key: 'updatedAt', title: '更新时间', dataIndex: 'updatedAt', width: 150, render: formatDateTime },
  ];

  return (
    <Drawer open={album !== null} onClose={onClose} title={album ? `专辑「${album.name}」的文章` : ''} size="large" destroyOnHidden>
      <Table<AlbumArticle>
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={data?.list ?? []}
        loading={loading}
        scroll={{ x: 'max-content' }}
        pagination={{
          current: page,
          pageSize: 10,
          total: data?.total ?? 0,
          showSizeChanger: false,
          showTotal: (total) => (data?.totalCapped ? `超过 ${total} 篇` : `共 ${total} 篇`),
          onChange: (p) => {
            setPage(p);
            if (albumId !== null) void load(albumId, p);
          },
        }}
        locale={{ emptyText: loading ? ' ' : '这个专辑还没有文章（或没有你能看到的文章）。在写文章时选择「专辑」即可加入。' }}
      />
    </Drawer>
  );
}
