/** 短视频's save and update schemas, and its declaration with the save schema (the server's). */
import { z } from 'zod';
import { withSchema, idList, imageUrl, listOf, optionalId, optionalText, refId, requiredId, text } from './common';
import { savedBySchema, WORKFLOW_FIELDS } from './editorial';
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

/** A row of 短视频列表 (`GET /api/videos`): the video with its library item's title, address and length. */
export const videoListItem = videoResource.record.pick({ id: true, title: true, cover: true, videoStoreId: true, tagIds: true }).extend({
  categoryId: refId,
  categoryName: z.string().nullable(),
  videoTitle: z.string().nullable(),
  videoUrl: z.string().nullable(),
  duration: z.number().nullable(),
  editorId: WORKFLOW_FIELDS.editorId,
  editorName: WORKFLOW_FIELDS.editorName,
  status: WORKFLOW_FIELDS.status,
  publishAt: WORKFLOW_FIELDS.publishAt,
  publishedAt: WORKFLOW_FIELDS.publishedAt,
  reviewComment: WORKFLOW_FIELDS.reviewComment,
  updatedAt: WORKFLOW_FIELDS.updatedAt,
  version: WORKFLOW_FIELDS.version,
});
export const videoPage = listOf(videoListItem);

/** A short video as the API answers it (`POST`, `PUT /api/videos/{id}`, a restore): its fields, the workflow's, the names the form shows. */
export const videoRecord = videoResource.record.extend({
  categoryId: refId,
  ...WORKFLOW_FIELDS,
  categoryName: z.string().nullable(),
  videoTitle: z.string().nullable(),
  videoUrl: z.string().nullable(),
  duration: z.number().nullable(),
  videoCover: z.string().nullable(),
});
/** `GET /api/videos/{id}`: the record with who saved its version. */
export const videoDetail = videoRecord.extend({ savedBy: savedBySchema });
