import 'server-only';
import path from 'node:path';
import { z } from 'zod';
import { QINIU_UPLOAD_URL_DEFAULT } from '../lib/security-headers';

/**
 * Server environment, parsed once with a readable failure. Every variable is documented in
 * `.env.example` and the README.
 */
const dingtalkBase = (name: string, fallback: string) =>
  z
    .string()
    .default('')
    .transform((v) => v.trim().replace(/\/+$/, '') || fallback)
    .refine((v) => /^https?:\/\/[^/\s?#]+$/i.test(v), `${name} 必须是 http(s)://主机[:端口]`);

/** A comma-separated list of origins (`http(s)://host[:port]`, trailing slashes dropped); `*` only when allowAny. */
const originList = (name: string, { allowAny = false } = {}) =>
  z
    .string()
    .default('')
    .transform((v) =>
      v
        .split(',')
        .map((o) => o.trim().replace(/\/+$/, ''))
        .filter(Boolean),
    )
    .refine(
      (list) => list.every((o) => (allowAny && o === '*') || /^https?:\/\/[^/\s]+$/i.test(o)),
      `${name} 必须是逗号分隔的 http(s)://主机[:端口]${allowAny ? '，或 *' : ''}`,
    );

const schema = z.object({
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL 必须是 postgres:// 开头的连接串')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  CMS_DATA_DIR: z.string().default('./.data'),
  CMS_ADMIN_USERNAME: z.string().min(1).max(64).default('admin'),
  CMS_ADMIN_PASSWORD: z
    .string()
    .min(8, 'CMS_ADMIN_PASSWORD 至少 8 个字符')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** A session's absolute lifetime in days (issue 26), whatever its use. */
  SESSION_MAX_DAYS: z.coerce.number().int('SESSION_MAX_DAYS 必须是整数').min(1).max(90).default(7),
  /** A session unused for this many minutes ends (issue 26). */
  SESSION_IDLE_MINUTES: z.coerce
    .number()
    .int('SESSION_IDLE_MINUTES 必须是整数')
    .min(5, 'SESSION_IDLE_MINUTES 至少 5 分钟')
    .max(60 * 24 * 90)
    .default(120),
  CMS_TRUST_PROXY_HOPS: z.coerce.number().int().min(0).max(10).default(0),
  /** Further origins allowed to send writes, comma-separated (several hostnames, a proxy rewriting Host). */
  CMS_ALLOWED_ORIGINS: originList('CMS_ALLOWED_ORIGINS'),
  /** Where uploads go (DESIGN §6): local (default, $CMS_DATA_DIR/uploads), qiniu or upyun. */
  CMS_STORAGE: z.enum(['local', 'qiniu', 'upyun'], { error: 'CMS_STORAGE 只能是 local、qiniu 或 upyun' }).default('local'),
  CMS_UPLOAD_PIC_MAX_MB: z.coerce.number().positive().max(200).default(20),
  CMS_UPLOAD_VIDEO_MAX_MB: z.coerce.number().positive().max(10240).default(2048),
  CMS_UPLOAD_TICKETS_PER_HOUR: z.coerce.number().int().min(1).max(100_000).default(300),
  CMS_UPLOAD_PENDING_MAX_GB: z.coerce.number().positive().max(10_240).default(10),
  QINIU_ACCESS_KEY: z.string().default(''),
  QINIU_SECRET_KEY: z.string().default(''),
  QINIU_BUCKET: z.string().default(''),
  /** Public domain of the bucket, with scheme: https://img.example.com */
  QINIU_DOMAIN: z.string().default(''),
  /** Upload host of the bucket's region (notes/integrations.md §1). */
  QINIU_UPLOAD_URL: z.string().default(QINIU_UPLOAD_URL_DEFAULT),
  /** Management API host (deleting files): rs.qiniuapi.com per Qiniu's docs, or the region's rs-<id>.qiniuapi.com. */
  QINIU_RS_URL: z.string().default('https://rs.qiniuapi.com'),
  /** 1: the bucket is private; playback and downloads get signed, time-limited URLs. */
  QINIU_PRIVATE: z
    .enum(['0', '1', ''])
    .default('')
    .transform((v) => v === '1'),
  UPYUN_BUCKET: z.string().default(''),
  UPYUN_OPERATOR: z.string().default(''),
  UPYUN_PASSWORD: z.string().default(''),
  /** Public domain of the service, with scheme: https://v.example.com */
  UPYUN_DOMAIN: z.string().default(''),
  /** The token anti-leech secret (_upt); empty: play URLs are not signed. */
  UPYUN_TOKEN_SECRET: z.string().default(''),
  /** GET <url>?image=<picture url> answers a verdict per picture; empty: pictures stay 未检测. */
  IMAGE_CHECK_URL: z.string().default(''),
  /** The origin the image-check service fetches our local pictures from: https://cms.example.com */
  CMS_PUBLIC_ORIGIN: z.string().default(''),
  CMS_DB_POOL_MAX: z.coerce.number().int().min(1).max(200).default(10),
  /** DingTalk's hosts (server/dingtalk/client.ts); set only to point at a stand-in (the e2e suite's). */
  DINGTALK_LOGIN_BASE: dingtalkBase('DINGTALK_LOGIN_BASE', 'https://login.dingtalk.com'),
  DINGTALK_API_BASE: dingtalkBase('DINGTALK_API_BASE', 'https://api.dingtalk.com'),
  /** Origins whose pages may read the delivery API from the browser, comma-separated (`*`: any). */
  DELIVERY_CORS_ORIGINS: originList('DELIVERY_CORS_ORIGINS', { allowAny: true }),
  /** Requests per API key per minute, on each instance (DESIGN §12). */
  DELIVERY_RATE_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).default(600),
});

export type ServerEnv = z.infer<typeof schema>;

/** Fails at start, not at the first upload, when the chosen storage lacks its keys. */
function checkStorage(env: ServerEnv): string[] {
  const need: Record<string, Array<keyof ServerEnv>> = {
    local: [],
    qiniu: ['QINIU_ACCESS_KEY', 'QINIU_SECRET_KEY', 'QINIU_BUCKET', 'QINIU_DOMAIN'],
    upyun: ['UPYUN_BUCKET', 'UPYUN_OPERATOR', 'UPYUN_PASSWORD', 'UPYUN_DOMAIN'],
  };
  return need[env.CMS_STORAGE].filter((k) => !env[k]).map((k) => `  ${k}: CMS_STORAGE=${env.CMS_STORAGE} 时必须设置`);
}

let cached: ServerEnv | undefined;

export function serverEnv(): ServerEnv {
  if (cached) return cached;
  const parsed = schema.safeParse(process.env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`环境变量配置有误 (invalid environment):\n${lines}`);
  }
  const missing = checkStorage(parsed.data);
  if (missing.length) throw new Error(`环境变量配置有误 (invalid environment):\n${missing.join('\n')}`);
  cached = parsed.data;
  return cached;
}

export function dataDir(): string {
  return path.resolve(serverEnv().CMS_DATA_DIR);
}

/** Session lifetimes (issue 26). */
export function sessionPolicyFromEnv() {
  const env = serverEnv();
  return { idleMinutes: env.SESSION_IDLE_MINUTES, maxDays: env.SESSION_MAX_DAYS };
}
