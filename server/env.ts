import 'server-only';
import path from 'node:path';
import { z } from 'zod';

/**
 * Server environment, parsed once with a readable failure. Every variable is documented in
 * `.env.example` and the README.
 */
const schema = z.object({
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL 必须是 postgres:// 开头的连接串')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  CMS_DATA_DIR: z.string().default('./.data'),
  CMS_ADMIN_USERNAME: z.string().min(1).max(64).default('admin'),
  CMS_ADMIN_PASSWORD: z.string().min(8, 'CMS_ADMIN_PASSWORD 至少 8 个字符').optional().or(z.literal('').transform(() => undefined)),
  CMS_SESSION_TTL_HOURS: z.coerce.number().int().min(1).max(24 * 90).default(24 * 7),
  CMS_TRUST_PROXY_HOPS: z.coerce.number().int().min(0).max(10).default(0),
  /** Further origins allowed to send writes, comma-separated (several hostnames, a proxy rewriting Host). */
  CMS_ALLOWED_ORIGINS: z
    .string()
    .default('')
    .transform((v) => v.split(',').map((o) => o.trim().replace(/\/+$/, '')).filter(Boolean))
    .refine((list) => list.every((o) => /^https?:\/\/[^/\s]+$/i.test(o)), 'CMS_ALLOWED_ORIGINS 必须是逗号分隔的 http(s)://主机[:端口]'),
  CMS_DB_POOL_MAX: z.coerce.number().int().min(1).max(200).default(10),
});

export type ServerEnv = z.infer<typeof schema>;

let cached: ServerEnv | undefined;

export function serverEnv(): ServerEnv {
  if (cached) return cached;
  const parsed = schema.safeParse(process.env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`环境变量配置有误 (invalid environment):\n${lines}`);
  }
  cached = parsed.data;
  return cached;
}

export function dataDir(): string {
  return path.resolve(serverEnv().CMS_DATA_DIR);
}
