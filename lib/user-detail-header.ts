/**
 * Encodes the user detail the middleware fetched into a request header for the default layout.
 * Base64 of UTF-8 JSON: header values must be ASCII and names are Chinese. Runs on edge and Node.
 */
import type { UserDetail } from './guard';

export function encodeUserDetail(detail: UserDetail): string {
  const bytes = new TextEncoder().encode(JSON.stringify(detail));
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary);
}

export function decodeUserDetail(value: string | null | undefined): UserDetail | null {
  if (!value) return null;
  try {
    const binary = atob(value);
    const bytes = Uint8Array.from(binary, (ch) => ch.charCodeAt(0));
    const detail = JSON.parse(new TextDecoder().decode(bytes)) as UserDetail;
    return typeof detail?.status === 'number' ? detail : null;
  } catch {
    return null;
  }
}
