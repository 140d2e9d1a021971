import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { isImageUrl } from '@/lib/resources/common';
import { avatarUrl, imageUrl } from '@/lib/resources/schemas/common';
import { articleSaveSchema } from '@/lib/resources/schemas/articles';
import { albumResource } from '@/lib/resources/schemas/albums';
import { videoStoreResource } from '@/lib/resources/schemas/media';
import { videoSaveSchema } from '@/lib/resources/schemas/videos';
import { topicResource } from '@/lib/resources/schemas/taxonomy';
import { advertiseResource, brandResource, chameleonResource, focusHomeResource, friendLinkResource } from '@/lib/resources/schemas/operations';
import { userResource } from '@/lib/resources/schemas/users';
import { sanitizeArticleHtml } from '@/server/content/sanitize';

/**
 * Issue 14 F2: an image field or a body picture that points at the CMS itself (an absolute URL on
 * its own host) made every viewer's browser send a credentialed GET there: `/api/logout` signed
 * reviewers out, `/api/articles/export.csv` ran exports in their name.
 */
const SELF_POINTING = [
  'https://cms.example.com/api/logout',
  'https://cms.example.com/./api/../api/x',
  'https://cms.example.com/uploads/../api/logout',
  'https://cms.example.com/uploads/%2e%2e/api/logout',
  'https://cms.example.com/%61pi/logout',
  'https://cms.example.com/uploads/..%2fapi/logout',
  'https://cms.example.com/%2561pi/logout',
  'http://127.0.0.1:3000/API/articles/export.csv?status=3',
  'https://cms.example.com/api',
  'https://cms.example.com/product-api/series',
  'https://cms.example.com/topic-api/list',
  'https://cms.example.com/uploads/%E0%A4%A.png',
];
const GOOD = ['https://cdn.example.com/a/b.png?x=1', 'https://cdn.example.com/apis/a.png', 'https://cdn.example.com/x/api/a.png', '/uploads/2026/11/face.jpg'];

/** Every image field family, each with a value that is valid apart from the image. */
const FAMILIES: Array<{ name: string; schema: z.ZodType; build: (url: string) => Record<string, unknown>; path: string }> = [
  { name: 'article cover', schema: articleSaveSchema, build: (cover) => ({ title: 't', cover }), path: 'cover' },
  { name: 'gallery image', schema: articleSaveSchema, build: (url) => ({ title: 't', images: [{ url }] }), path: 'images.0.url' },
  { name: 'short-video cover', schema: videoSaveSchema.partial(), build: (cover) => ({ cover }), path: 'cover' },
  { name: 'library video cover', schema: videoStoreResource.schema.partial(), build: (cover) => ({ cover }), path: 'cover' },
  { name: 'album cover', schema: albumResource.schema.partial(), build: (cover) => ({ cover }), path: 'cover' },
  { name: 'topic cover', schema: topicResource.schema.partial(), build: (cover) => ({ cover }), path: 'cover' },
  { name: 'focus image', schema: focusHomeResource.schema.partial(), build: (image) => ({ image }), path: 'image' },
  { name: 'nav icon', schema: chameleonResource.schema.partial(), build: (icon) => ({ icon }), path: 'icon' },
  { name: 'friend-link logo', schema: friendLinkResource.schema.partial(), build: (logo) => ({ logo }), path: 'logo' },
  { name: 'brand logo', schema: brandResource.schema.partial(), build: (logo) => ({ logo }), path: 'logo' },
  { name: 'ad image', schema: advertiseResource.schema.partial(), build: (image) => ({ image }), path: 'image' },
  { name: 'avatar', schema: userResource.schema.partial(), build: (avatar) => ({ avatar }), path: 'avatar' },
];

const issuesAt = (schema: z.ZodType, value: unknown, path: string) => {
  const parsed = schema.safeParse(value);
  return parsed.success ? [] : parsed.error.issues.filter((i) => i.path.join('.') === path);
};

describe('image addresses never point at an API path (issue 14 F2)', () => {
  it('the shared rule refuses API paths on any host, however they are spelled', () => {
    for (const url of SELF_POINTING) expect(isImageUrl(url), url).toBe(false);
    for (const url of GOOD) expect(isImageUrl(url), url).toBe(true);
    expect(imageUrl('封面').safeParse('https://cms.example.com/api/logout').error?.issues[0].message).toBe(
      '封面必须是 http(s) 链接或本站上传的图片（/uploads/…），不能是接口地址',
    );
    expect(avatarUrl.safeParse('https://cms.example.com/api/logout').success).toBe(false);
  });

  it.each(FAMILIES)('$name refuses https://host/api/logout and https://host/./api/../api/x', ({ schema, build, path }) => {
    for (const url of ['https://cms.example.com/api/logout', 'https://cms.example.com/./api/../api/x']) {
      expect(issuesAt(schema, build(url), path), url).not.toHaveLength(0);
    }
    expect(issuesAt(schema, build('https://cdn.example.com/a.jpg'), path)).toHaveLength(0);
  });

  it('the body sanitizer drops a picture pointing at an API path and keeps ordinary ones', () => {
    for (const url of SELF_POINTING) {
      const out = sanitizeArticleHtml(`<p>x<img src="${url}" alt="a"></p>`);
      expect(out, url).toBe('<p>x</p>');
    }
    // Entity-encoded slashes are decoded before the check.
    expect(sanitizeArticleHtml('<p><img src="https://cms.example.com&#47;api&#47;logout"></p>')).toBe('<p></p>');
    for (const url of GOOD) expect(sanitizeArticleHtml(`<p><img src="${url}" alt="a"></p>`)).toBe(`<p><img src="${url.replace(/&/g, '&amp;')}" alt="a" /></p>`);
  });
});
