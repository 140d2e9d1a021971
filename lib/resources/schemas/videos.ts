/** 短视频's save and update schemas, and its declaration with the save schema (the server's). */
import { z } from 'zod';
import { withSchema, idList, imageUrl, optionalId, optionalText, requiredId, text } from './common';
import * as decl from '../videos';

export const videoSaveSchema = z.object({
  title: text('标题', 128),
  cover: imageUrl('封面').default(''),
  videoStoreId: requiredId('视频'),
  description: optionalText('简介', 2000).default(''),
  categoryId: optionalId('分类').optional(),
  tagIds: idList('标签').default([]),
});

/** An update names the version it was edited from (a stale save is refused, DESIGN §8). */
export const videoUpdateSchema = videoSaveSchema.partial().extend({
  version: z.number({ error: '缺少版本号（请刷新后再保存）' }).int().positive(),
});

export const videoResource = withSchema(decl.videoResource, videoSaveSchema);
