/**
 * 专辑: a series of articles (DESIGN §5: name, cover, description, sort). An article joins one album
 * through its `albumId` (chosen in the editor); the albums screen orders them and lists their
 * articles. Its schema: schemas/albums.ts.
 */
import { declareResource } from './define';

export const albumResource = declareResource({
  name: 'articles_album',
  label: '专辑',
  permission: '/store',
  sortable: true,
  read: 'signedIn',
  keyword: ['name'],
  unique: [{ field: 'name', message: '专辑名称已存在' }],
  mediaOwner: 'album',
  // An album that holds articles is not deleted (issue 14).
  usedBy: [{ resource: 'articles', field: 'albumId', label: '篇文章' }],
  example: { name: '示例专辑', cover: '', description: '' },
  fields: [
    { name: 'name', label: '专辑名称', list: { key: true, width: 200, ellipsis: true }, form: true, required: true, max: 64 },
    { name: 'cover', label: '封面', list: true, form: true, input: 'image', help: '从图片库选择或上传，建议 16:9', default: '' },
    { name: 'description', label: '简介', list: { width: 240, ellipsis: true }, form: true, input: 'textarea', max: 500, default: '' },
    { name: 'updatedAt', label: '更新时间', list: { width: 150 }, input: 'date' },
  ],
  filters: [{ name: 'keyword', label: '关键词', input: 'keyword', placeholder: '专辑名称' }],
});

/** Album article counts stop at this many ("10000+"): an album of a long-running column stays quick. */
export const ALBUM_COUNT_CAP = 10_000;
