import { createHash, createHmac } from 'node:crypto';

/**
 * The vendors' signing algorithms, a few lines each (DESIGN §6, notes/integrations.md §1–2), checked
 * against their published vectors in tests/unit/storage-signing.test.ts. No SDK.
 */

/** Qiniu's URL-safe base64: `+`→`-`, `/`→`_`, and the `=` padding is kept. */
export const qiniuBase64 = (data: Buffer | string) => Buffer.from(data).toString('base64').replace(/\//g, '_').replace(/\+/g, '-');

/** A Qiniu put policy (the fields we use; see developer.qiniu.com/kodo/1206/put-policy). */
export interface QiniuPutPolicy {
  scope: string;
  /** Unix seconds; checked when the upload finishes. */
  deadline: number;
  insertOnly?: 0 | 1;
  fsizeLimit?: number;
  mimeLimit?: string;
  detectMime?: 0 | 1;
  returnBody?: string;
}

/** `<AK>:<sign>:<encodedPolicy>`; the policy is serialized as given (key order matters to the vector). */
export function qiniuUploadToken(policy: QiniuPutPolicy | string, accessKey: string, secretKey: string): string {
  const encoded = qiniuBase64(typeof policy === 'string' ? policy : JSON.stringify(policy));
  const sign = qiniuBase64(createHmac('sha1', secretKey).update(encoded).digest());
  return `${accessKey}:${sign}:${encoded}`;
}

/** A time-limited download URL for a private bucket; the token must be the last parameter. */
export function qiniuPrivateUrl(baseUrl: string, deadline: number, accessKey: string, secretKey: string): string {
  const base = `${baseUrl}${baseUrl.includes('?') ? '&' : '?'}e=${deadline}`;
  const token = `${accessKey}:${qiniuBase64(createHmac('sha1', secretKey).update(base).digest())}`;
  return `${base}&token=${token}`;
}

const md5 = (text: string) => createHash('md5').update(text).digest('hex');

/**
 * Upyun's signature: Base64(HMAC-SHA1(key = MD5(password), Method&URI&Date[&Policy][&Content-MD5])),
 * empty optional parts left out together with their `&`.
 */
export function upyunSignature({
  operator,
  password,
  method,
  uri,
  date,
  policy,
  contentMd5,
}: {
  operator: string;
  password: string;
  method: string;
  uri: string;
  date: string;
  policy?: string;
  contentMd5?: string;
}): string {
  const message = [method, uri, date, policy, contentMd5].filter(Boolean).join('&');
  return `UPYUN ${operator}:${createHmac('sha1', md5(password)).update(message).digest('base64')}`;
}

/** The FORM API's policy (standard base64 of the JSON) and authorization for a browser upload. */
export function upyunFormUpload({
  bucket,
  operator,
  password,
  params,
}: {
  bucket: string;
  operator: string;
  password: string;
  params: Record<string, string | number>;
}) {
  const date = new Date().toUTCString();
  const policy = Buffer.from(JSON.stringify({ bucket, date, ...params })).toString('base64');
  return { policy, authorization: upyunSignature({ operator, password, method: 'POST', uri: `/${bucket}`, date, policy }) };
}

/**
 * Upyun's token anti-leech (`_upt`): MD5(secret&etime&URI) characters 12–19 followed by etime.
 * `uri` is the path only, unencoded.
 */
export function upyunUpt(secret: string, etime: number, uri: string): string {
  return `${md5(`${secret}&${etime}&${uri}`).substring(12, 20)}${etime}`;
}

/** `<bucket>:<key>` in Qiniu's URL-safe base64: how the management API names one file. */
export const qiniuEncodedEntry = (bucket: string, key: string) => qiniuBase64(`${bucket}:${key}`);

/** `X-Qiniu-foo-BAR` → `X-Qiniu-Foo-Bar`, as Go's CanonicalMIMEHeaderKey (the signer compares these). */
const canonicalHeader = (name: string) =>
  /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/.test(name)
    ? name
        .split('-')
        .map((p) => p.charAt(0).toUpperCase() + p.slice(1).toLowerCase())
        .join('-')
    : name;

/**
 * Qiniu's management token (`Authorization: Qiniu <AK>:<sign>`, developer.qiniu.com/kodo/1201):
 * HMAC-SHA1 over `<METHOD> <path>[?query]\nHost: <host>\nContent-Type: <type>[\nX-Qiniu-*: …]\n\n[<body>]`,
 * the `X-Qiniu-` headers canonicalised and sorted, the body signed unless it is octet-stream.
 * A missing content type is signed as form-encoded, as the official SDK does (its vectors test that).
 */
export function qiniuManagementToken({
  accessKey,
  secretKey,
  method,
  url,
  contentType,
  headers = {},
  body = '',
}: {
  accessKey: string;
  secretKey: string;
  method: string;
  url: string;
  contentType?: string;
  headers?: Record<string, string>;
  body?: string;
}): string {
  const u = new URL(url);
  const type = contentType || 'application/x-www-form-urlencoded';
  const qiniuHeaders = new Map<string, string>();
  for (const [name, value] of Object.entries(headers)) {
    const canonical = canonicalHeader(name);
    if (canonical.startsWith('X-Qiniu-') && canonical.length > 'X-Qiniu-'.length) qiniuHeaders.set(canonical, value);
  }
  const extra = [...qiniuHeaders.keys()]
    .sort()
    .map((k) => `\n${k}: ${qiniuHeaders.get(k)}`)
    .join('');
  const data = `${method.toUpperCase()} ${u.pathname}${u.search}\nHost: ${u.host}\nContent-Type: ${type}${extra}\n\n${body && type !== 'application/octet-stream' ? body : ''}`;
  return `Qiniu ${accessKey}:${qiniuBase64(createHmac('sha1', secretKey).update(data).digest())}`;
}
