import path from 'node:path';
import { dataDir, serverEnv } from '../env';
import { PICTURE_TYPES, VIDEO_TYPES, type MediaKind } from '../../lib/media-types';

export type { MediaKind };

export interface KindRule {
  maxBytes: number;
  /** Accepted media types and the extension each is stored with. Never SVG or HTML (DESIGN §9). */
  types: Record<string, string>;
}

export interface QiniuConfig {
  accessKey: string;
  secretKey: string;
  bucket: string;
  domain: string;
  uploadUrl: string;
  isPrivate: boolean;
  /** The management API (deleting files); default {@link QINIU_RS_URL}. */
  rsUrl?: string;
}

/** Qiniu's management host as its delete page names it (developer.qiniu.com/kodo/api/delete). */
export const QINIU_RS_URL = 'https://rs.qiniuapi.com';
/** Upyun's REST and FORM API host (v0 picks the best route; notes/integrations.md §2); the page policy allows it too. */
export { UPYUN_API_URL } from '../../lib/security-headers';

export interface UpyunConfig {
  bucket: string;
  operator: string;
  password: string;
  domain: string;
  tokenSecret: string;
}

/** Where uploads go and what they may be (DESIGN §6, §9). */
export interface StorageConfig {
  driver: 'local' | 'qiniu' | 'upyun';
  /** The local driver's folder ($CMS_DATA_DIR/uploads), served at /uploads/. */
  uploadsDir: string;
  kinds: Record<MediaKind, KindRule>;
  qiniu?: QiniuConfig;
  upyun?: UpyunConfig;
  /** GET <url>?image=<picture url> gives a verdict (DESIGN §6); unset: pictures stay 未检测. */
  imageCheckUrl?: string;
  /** How the check service reaches our local pictures (absolute origin). */
  publicOrigin?: string;
  /** How long an upload ticket stays valid. */
  ticketMinutes: number;
  /** Per person: tickets per hour and unregistered bytes (default DEFAULT_QUOTA, server/storage/tickets.ts). */
  quota?: { ticketsPerHour: number; pendingBytes: number };
}

const MB = 1024 * 1024;

export function defaultKinds({ picMaxMb = 20, videoMaxMb = 2048 } = {}): Record<MediaKind, KindRule> {
  return {
    pic: { maxBytes: Math.round(picMaxMb * MB), types: PICTURE_TYPES },
    video: { maxBytes: Math.round(videoMaxMb * MB), types: VIDEO_TYPES },
    poster: { maxBytes: 5 * MB, types: { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp' } },
  };
}

/** The configuration of this process, from the environment (README: Storage). */
export function storageFromEnv(): StorageConfig {
  const env = serverEnv();
  return {
    driver: env.CMS_STORAGE,
    uploadsDir: path.join(dataDir(), 'uploads'),
    kinds: defaultKinds({ picMaxMb: env.CMS_UPLOAD_PIC_MAX_MB, videoMaxMb: env.CMS_UPLOAD_VIDEO_MAX_MB }),
    // A vendor's keys count whenever they are set, not only while it is the driver: files stored
    // there before a switch can still be played (signed URLs) and deleted.
    qiniu:
      env.CMS_STORAGE === 'qiniu' || (env.QINIU_ACCESS_KEY && env.QINIU_SECRET_KEY && env.QINIU_BUCKET)
        ? {
            accessKey: env.QINIU_ACCESS_KEY,
            secretKey: env.QINIU_SECRET_KEY,
            bucket: env.QINIU_BUCKET,
            domain: env.QINIU_DOMAIN.replace(/\/+$/, ''),
            uploadUrl: env.QINIU_UPLOAD_URL,
            isPrivate: env.QINIU_PRIVATE,
            rsUrl: env.QINIU_RS_URL.replace(/\/+$/, ''),
          }
        : undefined,
    upyun:
      env.CMS_STORAGE === 'upyun' || (env.UPYUN_BUCKET && env.UPYUN_OPERATOR && env.UPYUN_PASSWORD)
        ? {
            bucket: env.UPYUN_BUCKET,
            operator: env.UPYUN_OPERATOR,
            password: env.UPYUN_PASSWORD,
            domain: env.UPYUN_DOMAIN.replace(/\/+$/, ''),
            tokenSecret: env.UPYUN_TOKEN_SECRET,
          }
        : undefined,
    imageCheckUrl: env.IMAGE_CHECK_URL || undefined,
    publicOrigin: env.CMS_PUBLIC_ORIGIN || undefined,
    ticketMinutes: 60,
    quota: { ticketsPerHour: env.CMS_UPLOAD_TICKETS_PER_HOUR, pendingBytes: Math.round(env.CMS_UPLOAD_PENDING_MAX_GB * 1024 * MB) },
  };
}
