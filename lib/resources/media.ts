/**
 * 素材库: the picture and video libraries and their tags. Files arrive through an upload ticket
 * (server/storage) and are registered with `POST /api/pic_stores` / `/api/video_stores`.
 * Schemas: schemas/media.ts. @see DESIGN §4, §5, §9
 */
import { PAGE_SIZE_MAX, declareResource } from './define';

/** A library's own tags (图片标签 / 视频标签): drag-sorted names. */
const libraryTagResource = <N extends string>(name: N, label: string, permission: string) =>
  declareResource({
    name,
    label,
    permission,
    sortable: true,
    read: 'signedIn',
    keyword: ['name'],
    unique: [{ field: 'name', message: '标签名称已存在' }],
    example: { name: `示例${label}` },
    noDelete: 'SEED §7 lists GET, POST, PUT',
    fields: [{ name: 'name', label: '标签名称', list: true, form: true, required: true, max: 32 }],
    filters: [{ name: 'keyword', label: '关键词', input: 'keyword', placeholder: '标签名称' }],
  });

export const picStoreTagResource = libraryTagResource('pic_store_tags', '图片标签', '/photo/tag');
export const videoStoreTagResource = libraryTagResource('video_store_tags', '视频标签', '/video/tag');

/** Check verdicts of the picture check (DESIGN §6). */
export const CHECK_STATUS_OPTIONS = [
  { label: '未检测', value: 0 },
  { label: '通过', value: 1 },
  { label: '疑似', value: 2 },
  { label: '违规', value: 3 },
];

/**
 * What the library calls an item registered without a title. Uploads no longer propose the file name
 * as the title (review P3-15, docs/decisions.md issue 15): the person types one in the upload queue or
 * later, and until then this placeholder says plainly that the item has none.
 */
export const UNTITLED: Record<'pic' | 'video', string> = { pic: '未命名图片', video: '未命名视频' };

/**
 * What readers see of a library title (a gallery caption, a picture's alt, a video's caption):
 * nothing for the 「未命名…」 placeholder, which is the library's note to its staff, not a caption
 * (ux-2026-11-28 P2-10). Every place that shows a library title to readers goes through this.
 */
export function readerTitle(title: string | null | undefined): string {
  const t = (title ?? '').trim();
  return t === UNTITLED.pic || t === UNTITLED.video ? '' : t;
}

export const picStoreResource = declareResource({
  name: 'pic_stores',
  label: '图片',
  permission: '/photo',
  read: 'signedIn',
  ownContract: { reason: 'registered from an uploaded file (`POST` with an upload key), deleted with its usage checked', test: 'tests/api/media.test.ts' },
  fields: [
    { name: 'title', label: '标题', list: true, form: true, required: true, max: 128 },
    { name: 'tagIds', label: '标签', form: true, input: 'select' },
  ],
  filters: [
    { name: 'keyword', label: '关键词', input: 'keyword', placeholder: '标题' },
    { name: 'tagId', label: '标签', input: 'select' },
    { name: 'checkStatus', label: '检测', input: 'select', options: CHECK_STATUS_OPTIONS },
    { name: 'range', label: '上传时间', input: 'dateRange' },
  ],
});

export const videoStoreResource = declareResource({
  name: 'video_stores',
  label: '视频',
  permission: '/video',
  read: 'signedIn',
  ownContract: { reason: 'registered from an uploaded file (`POST` with an upload key), deleted with its usage checked', test: 'tests/api/media.test.ts' },
  fields: [
    { name: 'title', label: '标题', list: true, form: true, required: true, max: 128 },
    { name: 'tagIds', label: '标签', form: true, input: 'select' },
  ],
  filters: [
    { name: 'keyword', label: '关键词', input: 'keyword', placeholder: '标题' },
    { name: 'tagId', label: '标签', input: 'select' },
    { name: 'range', label: '上传时间', input: 'dateRange' },
  ],
});

/** A library grid's page size when the URL names none (24: four rows of six at 1440 px). */
export const GRID_PAGE_SIZE = 24;

/**
 * What a library grid asks for its query (the URL's, or a picker's own): the filters and page,
 * not the view, with the page size capped. The screen's data layer and the server's first page
 * (app/(default)/photo, /video) name the page by these, so they agree on its key.
 */
export function mediaListParams(query: Record<string, string>): Record<string, string | number> {
  const params: Record<string, string | number> = Object.fromEntries(Object.entries(query).filter(([k, v]) => k !== 'view' && v !== undefined));
  return { ...params, pageSize: Math.min(PAGE_SIZE_MAX, Number(query.pageSize) || GRID_PAGE_SIZE) };
}
