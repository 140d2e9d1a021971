/**
 * What a file really is, from its first bytes: the declared type is only a claim (a renamed HTML
 * or SVG page must not be stored as a picture). Returns the media type, or null for anything we
 * do not accept.
 */
export function sniffType(head: Uint8Array): string | null {
  const at = (i: number, bytes: number[]) => bytes.every((b, k) => head[i + k] === b);
  const ascii = (i: number, text: string) =>
    at(
      i,
      [...text].map((ch) => ch.charCodeAt(0)),
    );
  if (at(0, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (at(0, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (ascii(0, 'GIF87a') || ascii(0, 'GIF89a')) return 'image/gif';
  if (ascii(0, 'RIFF') && ascii(8, 'WEBP')) return 'image/webp';
  if (ascii(4, 'ftyp')) return ascii(8, 'qt  ') ? 'video/quicktime' : 'video/mp4';
  if (at(0, [0x1a, 0x45, 0xdf, 0xa3])) return 'video/webm';
  return null;
}

/** Whether a declared type and a sniffed one name the same kind of file (mp4 and mov share a container). */
export function sameMediaType(declared: string, sniffed: string): boolean {
  const family = (t: string) => (t === 'video/quicktime' ? 'video/mp4' : t);
  return family(declared) === family(sniffed);
}
