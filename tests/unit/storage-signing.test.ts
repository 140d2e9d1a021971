// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { qiniuPrivateUrl, qiniuUploadToken, upyunSignature, upyunUpt } from '@/server/storage/signing';

/** The vendors' own published vectors (notes/integrations.md §1–2). */
describe('Qiniu', () => {
  it('signs the upload token of the put-policy document', () => {
    const policy = '{"scope":"my-bucket:sunflower.jpg","deadline":1451491200,"returnBody":"{\\"name\\":$(fname),\\"size\\":$(fsize),\\"w\\":$(imageInfo.width),\\"h\\":$(imageInfo.height),\\"hash\\":$(etag)}"}';
    const token = qiniuUploadToken(policy, 'MY_ACCESS_KEY', 'MY_SECRET_KEY');
    const [ak, sign, encoded] = token.split(':');
    expect(ak).toBe('MY_ACCESS_KEY');
    expect(Buffer.from(sign.replace(/-/g, '+').replace(/_/g, '/'), 'base64').toString('hex')).toBe('c10e287f2b1e7f547b20a9ebce2aada26ab20ef2');
    expect(encoded).toBe(
      'eyJzY29wZSI6Im15LWJ1Y2tldDpzdW5mbG93ZXIuanBnIiwiZGVhZGxpbmUiOjE0NTE0OTEyMDAsInJldHVybkJvZHkiOiJ7XCJuYW1lXCI6JChmbmFtZSksXCJzaXplXCI6JChmc2l6ZSksXCJ3XCI6JChpbWFnZUluZm8ud2lkdGgpLFwiaFwiOiQoaW1hZ2VJbmZvLmhlaWdodCksXCJoYXNoXCI6JChldGFnKX0ifQ==',
    );
  });

  it('signs the private download URL of the download-token document', () => {
    const url = qiniuPrivateUrl('http://78re52.com1.z0.glb.clouddn.com/resource/flower.jpg', 1451491200, 'MY_ACCESS_KEY', 'MY_SECRET_KEY');
    expect(url).toBe('http://78re52.com1.z0.glb.clouddn.com/resource/flower.jpg?e=1451491200&token=MY_ACCESS_KEY:438dd8pXocjYuF-6dTcKMtETB2g=');
  });
});

describe('Upyun', () => {
  it('signs the REST vector of the authorization document (same HMAC as the FORM API)', () => {
    const auth = upyunSignature({ operator: 'operator123', password: 'password123', method: 'PUT', uri: '/upyun-temp/demo.jpg', date: 'Wed, 09 Nov 2016 14:26:58 GMT', contentMd5: '7ac66c0f148de9519b8bd264312c4d64' });
    expect(auth).toBe('UPYUN operator123:YUaAZX+WNAcJdNGHS5SBlITME5A=');
  });

  it('makes the _upt anti-leech token', () => {
    expect(upyunUpt('mark520', 1545271510, '/404.jpg')).toBe('bcc3b8331545271510');
  });
});
