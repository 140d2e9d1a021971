/** 专辑 with its schema (the server's declaration). */
import { z } from 'zod';
import { withSchema, imageUrl, isoTime, optionalText, SORT, text } from './common';
import * as decl from '../albums';

export const albumResource = withSchema(
  decl.albumResource,
  z.object({
    name: text('专辑名称', 64),
    cover: imageUrl('封面').default(''),
    description: optionalText('简介', 500).default(''),
  }),
  { add: { ...SORT, updatedAt: isoTime, articleCount: z.number().int() } },
);
