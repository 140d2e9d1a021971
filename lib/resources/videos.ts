/**
 * 短视频 (DESIGN §5, SEED §7 `/api/videos`): a video from the library published with its own title,
 * cover and description, through the same review, version check, lock and revisions as articles
 * (issue 8). The schema (schemas/videos.ts) is shared by the editor (inline checks) and the server.
 */
import { declareResource } from './define';
import { ARTICLE_STATUS_OPTIONS } from './articles';

export const videoResource = declareResource({
  name: 'videos',
  label: '短视频',
  permission: '/article/createVideo',
  // The library's name for a short video as the owner of its video and its cover (`media_usage.owner_type`).
  mediaOwner: 'video',
  ownContract: { reason: 'an editorial item: saved with its version, locked, reviewed and published like an article', test: 'tests/api/videos.test.ts' },
  fields: [
    { name: 'title', label: '标题', list: { key: true, ellipsis: true }, form: true, required: true, max: 128 },
    { name: 'cover', label: '封面', list: { width: 96 }, form: true, input: 'image', default: '' },
    { name: 'videoStoreId', label: '视频', form: true, required: true },
    { name: 'description', label: '简介', form: true, input: 'textarea', max: 2000, default: '' },
    { name: 'categoryId', label: '分类', list: { width: 120 }, form: true, input: 'treeSelect' },
    { name: 'tagIds', label: '标签', form: true, default: [] },
    { name: 'status', label: '状态', list: { width: 110 }, options: ARTICLE_STATUS_OPTIONS },
    { name: 'editorName', label: '编辑', stored: false, list: { width: 110 } },
    { name: 'updatedAt', label: '更新时间', list: { width: 170 } },
  ],
  filters: [
    { name: 'keyword', label: '标题', input: 'keyword', placeholder: '标题关键词' },
    { name: 'status', label: '状态', input: 'select', options: ARTICLE_STATUS_OPTIONS },
    { name: 'categoryId', label: '分类', input: 'select' },
    { name: 'updated', label: '更新时间', input: 'dateRange' },
  ],
});

/** Who may see the video list (and so the videos in their scope). */
export const VIDEO_READ_ROUTES = ['/article/videoList', '/article/createVideo', '/article/check'] as const;
