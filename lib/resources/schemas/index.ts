/**
 * Every zod-free declaration's schema by resource name, for the browser's forms
 * (lib/resources/load-schema.ts loads this module on demand, in its own chunk).
 * tests/unit/schema-split.test.ts checks it against the server's declarations.
 */
import type { z } from 'zod';
import type { ResourceDef } from '../define';
import { albumResource } from './albums';
import { departmentResource } from './departments';
import { picStoreResource, picStoreTagResource, videoStoreResource, videoStoreTagResource } from './media';
import {
  advertiseResource,
  brandResource,
  chameleonResource,
  chameleonTypeResource,
  chameleonVersionResource,
  focusChannelResource,
  focusHomeResource,
  focusHomeRightResource,
  focusVideoResource,
  friendLinkResource,
  searchKeywordResource,
} from './operations';
import { roleResource } from './roles';
import { sensitiveWordResource } from './sensitive-words';
import { articleSourceResource, categoryResource, categoryTypeResource, platformResource, tagResource, tagTypeResource, topicResource } from './taxonomy';
import { userResource } from './users';
import { videoResource } from './videos';

/** Every declaration with its schema: the zod-free part is what the screens import. */
export const FULL_DECLARATIONS: readonly ResourceDef[] = [
  albumResource,
  departmentResource,
  picStoreResource,
  picStoreTagResource,
  videoStoreResource,
  videoStoreTagResource,
  advertiseResource,
  brandResource,
  chameleonResource,
  chameleonTypeResource,
  chameleonVersionResource,
  focusChannelResource,
  focusHomeResource,
  focusHomeRightResource,
  focusVideoResource,
  friendLinkResource,
  searchKeywordResource,
  roleResource,
  sensitiveWordResource,
  articleSourceResource,
  categoryResource,
  categoryTypeResource,
  platformResource,
  tagResource,
  tagTypeResource,
  topicResource,
  userResource,
  videoResource,
];

export const SCHEMAS: Readonly<Record<string, z.ZodObject>> = Object.fromEntries(FULL_DECLARATIONS.map((def) => [def.name, def.schema]));
