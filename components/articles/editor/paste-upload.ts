import { DuplicateError, mediaTypeOf, pictureSize, registerUpload, requestTicket, sendFile, sha256Hex, UploadError } from '@/lib/api/media';

/**
 * A picture pasted or dropped into the editor (TinyMCE `images_upload_handler`): the library's own
 * path (ticket → the storage, local or the configured vendor → register in 图片库) and its URL
 * back, so no base64 picture is ever saved. A file the library already holds is reused.
 */
export async function uploadPastedImage(blob: Blob, filename: string, onProgress: (percent: number) => void): Promise<string> {
  const name = filename || 'pasted.png';
  const mime = mediaTypeOf('pic', { name, type: blob.type });
  if (!mime) throw new UploadError('只能粘贴 jpg、png、gif、webp 图片', 'type');
  const sha256 = await sha256Hex(blob);
  const size = await pictureSize(blob);
  if (!size) throw new UploadError('图片已损坏，无法上传', 'type');
  const ticket = await requestTicket({ kind: 'pic', filename: name, size: blob.size, mime, sha256 });
  if (ticket.duplicates[0]) return ticket.duplicates[0].url;
  await sendFile(ticket, blob, (f) => onProgress(Math.round(f * 100))).promise;
  // TinyMCE names a pasted picture itself (blobid…, mceclip…): such a name says nothing.
  const base = name.replace(/\.[^.]+$/, '').slice(0, 100);
  const title = !base || /^(blobid|mceclip|imagetools)\d*/i.test(base) ? `粘贴的图片 ${new Date().toLocaleString('zh-CN', { hour12: false })}` : base;
  try {
    const item = await registerUpload('pic', { key: ticket.key, title, tagIds: [], width: size.width, height: size.height, size: blob.size, mime, sha256 });
    return item.url;
  } catch (err) {
    if (err instanceof DuplicateError) return err.existing.url;
    throw err;
  }
}
