/** 文章's save and update schemas (the editors' inline checks and the server's validation). */
import { z } from 'zod';
import { INT4_MAX } from '../../constants';
import { CONTENT_MAX } from '../articles';
import { idList, imageUrl, optionalId, optionalText, text } from './common';

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
