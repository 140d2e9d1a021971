/** 文章's save and update schemas (the editors' inline checks and the server's validation). */
import { z } from 'zod';
import { INT4_MAX } from '../../constants';
import { CONTENT_MAX } from '../articles';
import { idList, imageUrl, isoTime, listOf, optionalId, optionalText, recordId, refId, text } from './common';
import { savedBySchema, WORKFLOW_FIELDS } from './editorial';

export const articleSaveSchema = z.object({
  kind: z.enum(['article', 'gallery', 'video'], { error: '请选择文章类型' }).default('article'),
  // SEED §5: the article title is required.
  title: text('标题', 128),
  subtitle: optionalText('副标题', 128).default(''),
  summary: optionalText('摘要', 500).default(''),
  cover: imageUrl('封面').default(''),
  content: z.string({ error: '正文必须是文字' }).max(CONTENT_MAX, '正文过长（上限约 90 万字符）').default(''),
  images: z
    .array(
      z.object({
        picId: z.number().int().positive().max(INT4_MAX).nullable().default(null),
        url: imageUrl('图片').refine((v) => v !== '', '请选择图片'),
        caption: optionalText('图片说明', 500).default(''),
      }),
      { error: '图集图片格式不正确' },
    )
    .max(200, '图集最多 200 张图片')
    .default([]),
  videoStoreId: optionalId('视频').optional(),
  categoryId: optionalId('分类').optional(),
  tagIds: idList('标签').default([]),
  topicIds: idList('专题', 20).default([]),
  albumId: optionalId('专辑').optional(),
  platformIds: idList('平台', 20).default([]),
  author: optionalText('作者', 64).default(''),
  source: optionalText('来源', 64).default(''),
});

/** An update names the version it was edited from (DESIGN §8: a stale save is refused). */
export const articleUpdateSchema = articleSaveSchema
  .omit({ kind: true })
  .partial()
  .extend({
    version: z.number({ error: '缺少版本号（请刷新后再保存）' }).int().positive(),
  });

const at = isoTime.nullable();

/**
 * An article as the API answers it (`POST /api/articles`, `PUT /api/articles/{id}`, a restore): the
 * save schema's fields as stored (the optional references stored as null), the workflow's columns,
 * and the names the editor shows.
 */
export const articleRecord = articleSaveSchema.extend({
  videoStoreId: refId,
  categoryId: refId,
  albumId: refId,
  id: recordId,
  ...WORKFLOW_FIELDS,
  categoryName: z.string().nullable(),
});
/** `GET /api/articles/{id}`: the record with who saved its version. */
export const articleDetail = articleRecord.extend({ savedBy: savedBySchema });

/** A row of 文章列表 (`GET /api/articles`, `GET /api/article_from_es`). */
export const articleListItem = articleRecord
  .pick({ id: true, kind: true, title: true, cover: true, categoryId: true, categoryName: true, editorId: true, editorName: true, status: true })
  .extend({
    /** When a scheduled article goes out (status 5). */
    publishAt: at,
    /** Pending jobs of the scheduler (issue 8): when it will publish / take the article offline. */
    scheduledPublishAt: at,
    scheduledOfflineAt: at,
    updatedAt: isoTime,
    publishedAt: at,
    version: z.number().int(),
  });
/** One page of the list: the capped total, the cursors to the pages around it, which engine answered. */
export const articlePage = listOf(articleListItem).extend({
  /** null: not counted (a page read by its cursor past the first). */
  total: z.number().int().nullable(),
  totalCapped: z.boolean().nullable().optional(),
  nextCursor: z.string().nullable(),
  prevCursor: z.string().nullable(),
  /** `elasticsearch` when the search engine answered a keyword. */
  engine: z.enum(['postgres', 'elasticsearch']).optional(),
  /** Set when the search engine failed and PostgreSQL answered instead. */
  notice: z.string().optional(),
});
/** `POST /api/articles/batch`: the drafts deleted, or the articles moved to a category. */
export const articleBatchAnswer = z.union([
  z.object({ action: z.literal('delete'), ids: z.array(recordId) }),
  z.object({ action: z.literal('move'), ids: z.array(recordId), unchanged: z.number().int(), categoryName: z.string() }),
]);

/** `GET /api/articles_album/{id}/articles`: an album's articles, newest first, in the reader's data scope. */
export const albumArticlePage = listOf(
  articleRecord.pick({ id: true, kind: true, title: true, status: true, editorName: true, updatedAt: true, publishedAt: true }),
);
