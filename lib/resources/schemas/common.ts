/** Shared zod pieces with Chinese messages; the patterns they check are in ../common.ts. */
import { z } from 'zod';
import type { ResourceDecl, ResourceDef } from '../define';
import { EMAIL_MAX_EXCLUSIVE, INT4_MAX } from '../../constants';
import { AVATAR_MESSAGE, HIDDEN_CHARS, HIDDEN_CHARS_MULTILINE, isImageUrl, APP_LINK_PATTERN, LINK_PATTERN, PHONE_PATTERN } from '../common';

const hiddenMessage = (label: string) => `${label}不能包含控制字符、方向控制符或零宽字符`;

/** Shared zod pieces with Chinese messages. */
export const text = (label: string, max: number) =>
  z
    .string({ error: `请输入${label}` })
    .trim()
    .min(1, `请输入${label}`)
    .max(max, `${label}不能超过 ${max} 个字符`)
    .refine((v) => !HIDDEN_CHARS.test(v), hiddenMessage(label));

/** An optional text; it may span lines (descriptions). */
/** `missing`: the message when nothing was sent (a picture not chosen yet), instead of the type error. */
export const optionalText = (label: string, max: number, missing?: string) =>
  z
    .string({ error: (issue) => (missing && (issue.input === undefined || issue.input === null) ? missing : `${label}必须是文字`) })
    .trim()
    .max(max, `${label}不能超过 ${max} 个字符`)
    .refine((v) => !HIDDEN_CHARS_MULTILINE.test(v), hiddenMessage(label));

export const optionalId = (label: string) =>
  z.union(
    [
      z
        .number({ error: `请选择${label}` })
        .int()
        .positive(`请选择${label}`)
        .max(INT4_MAX, `${label}不存在`),
      z.null(),
    ],
    { error: `请选择${label}` },
  );

export const email = z
  .string()
  .trim()
  .max(EMAIL_MAX_EXCLUSIVE - 1, `邮箱不能超过 ${EMAIL_MAX_EXCLUSIVE - 1} 个字符`)
  .refine((v) => v === '' || z.email().safeParse(v).success, '请输入有效的邮箱地址');

export const phone = z
  .string()
  .trim()
  .max(32, '电话不能超过 32 个字符')
  .refine((v) => v === '' || PHONE_PATTERN.test(v), '请输入有效的电话号码');

export const password = (label = '密码') =>
  z
    .string({ error: `请输入${label}` })
    .min(8, `${label}至少 8 个字符`)
    .max(64, `${label}不能超过 64 个字符`)
    .refine((v) => /[A-Za-z]/.test(v) && /\d/.test(v), `${label}需同时包含字母和数字`);

/** An http(s) link or one of our uploads: never `javascript:`, `data:` or an API path. */
export const avatarUrl = optionalText('头像地址', 512).refine((v) => v === '' || isImageUrl(v), AVATAR_MESSAGE);

/** An image chosen from the library or linked: the same rule as avatars (http(s) or our uploads). */
export const imageUrl = (label: string, missing?: string) =>
  optionalText(label, 1024, missing).refine((v) => v === '' || isImageUrl(v), `${label}必须是 http(s) 链接或本站上传的图片（/uploads/…），不能是接口地址`);

export const linkUrl = (label: string) =>
  optionalText(label, 512).refine((v) => v === '' || LINK_PATTERN.test(v), `${label}必须是 http:// 或 https:// 开头的链接`);

/** A link an app opens: http(s), or the app's own scheme (`truckapp://news`); never `javascript:`, `data:` … */
export const appLinkUrl = (label: string) =>
  optionalText(label, 512).refine(
    (v) => v === '' || LINK_PATTERN.test(v) || APP_LINK_PATTERN.test(v),
    `${label}必须是 http(s) 链接或 App 内链接（如 truckapp://news）`,
  );

/** A required positive id (a foreign key chosen in a form). */
export const requiredId = (label: string) =>
  z
    .number({ error: `请选择${label}` })
    .int(`请选择${label}`)
    .positive(`请选择${label}`)
    .max(INT4_MAX, `${label}不存在`);

/** A list of ids (tags on an item); duplicates collapse. */
export const idList = (label: string, max = 50) =>
  z
    .array(
      z
        .number({ error: `${label}必须是 id 列表` })
        .int()
        .positive()
        .max(INT4_MAX, `${label}不存在`),
      { error: `${label}必须是 id 列表` },
    )
    .max(max, `${label}最多 ${max} 个`)
    .transform((ids) => [...new Set(ids)]);

/** A time as the API answers it: ISO-8601 text (JSON has no dates). */
export const isoTime = z.string();
/** An id as the API answers it. */
export const recordId = z.number().int().positive();

/** What every answered record carries beside its declared fields (and `sort` when the resource sorts). */
const STORED = { id: recordId };
/** (A sortable resource's `sort` is answered whether or not its type says so: `add: SORT` puts it in the type.) */
type Stored = typeof STORED;
/** The time stamps, for records that answer them (`add: STAMPS`). */
export const STAMPS = { createdAt: isoTime, updatedAt: isoTime };
/** A drag order answered by a record whose declaration does not sort on its own screen. */
export const SORT = { sort: z.number().int() };
/** An id of another record, or none. */
export const refId = recordId.nullable();
type Over<A, B> = Omit<A, keyof B> & B;
/** The record type a declaration answers: its fields as stored, over the stamps, `add` over both, `omit` left out. */
export type RecordShape<S extends z.ZodObject, E extends z.ZodRawShape, O extends PropertyKey> = Omit<Over<Over<S['shape'], Stored>, E>, O>;

/**
 * The full declaration: the zod-free one with its schema (the input) and the record the API answers,
 * derived from them: the schema's fields (their parsed form is what is stored), `id`, `sort` when
 * the declaration sorts; `add` holds what differs (the time stamps a record answers, `STAMPS` ; a time stored from a
 * `dateTime` is answered as text; a column the form never sends; a name the routes join in) and
 * `omit` what is never answered (an initial password). tests/api/answer-contract.test.ts holds the
 * record to real answers of every resource's routes, field by field.
 */
export function withSchema<S extends z.ZodObject, E extends z.ZodRawShape = Record<never, never>, O extends PropertyKey = never>(
  decl: ResourceDecl,
  schema: S,
  { add, omit = [] }: { add?: E; omit?: readonly O[] } = {},
): ResourceDef<S, z.ZodObject<RecordShape<S, E, O>>> {
  const shape: Record<string, z.ZodType> = { ...schema.shape, ...STORED, ...(decl.sortable ? { sort: z.number().int() } : {}), ...add };
  for (const key of omit) delete shape[key as string];
  return { ...decl, schema, record: z.object(shape) as unknown as z.ZodObject<RecordShape<S, E, O>> };
}

/** A list answer (DESIGN §2) of these records. */
export const listOf = <R extends z.ZodType>(record: R) =>
  z.object({ list: z.array(record), total: z.number().int(), page: z.number().int(), pageSize: z.number().int(), totalCapped: z.boolean().optional() });
