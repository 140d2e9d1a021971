/** What a library item is: a picture, a video, or a video's poster frame (not listed in the library). */
export type MediaKind = 'pic' | 'video' | 'poster';

/** Accepted media types and the extension each is stored with. Never SVG or HTML (DESIGN §9). */
export const PICTURE_TYPES: Record<string, string> = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/gif': 'gif', 'image/webp': 'webp' };
export const VIDEO_TYPES: Record<string, string> = { 'video/mp4': 'mp4', 'video/quicktime': 'mov', 'video/webm': 'webm' };

/** Every type any kind accepts (the request guard lets these through to the upload route). */
export const ALL_MEDIA_TYPES = [...new Set([...Object.keys(PICTURE_TYPES), ...Object.keys(VIDEO_TYPES)])];

/** The stored type of each extension the uploads folder serves. */
export const TYPE_OF_EXTENSION: Record<string, string> = Object.fromEntries(
  [...Object.entries(PICTURE_TYPES), ...Object.entries(VIDEO_TYPES), ['image/jpeg', 'jpeg']].map(([type, ext]) => [ext, type]),
);
