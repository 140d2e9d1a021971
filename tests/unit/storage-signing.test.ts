// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { qiniuEncodedEntry, qiniuManagementToken, qiniuPrivateUrl, qiniuUploadToken, upyunSignature, upyunUpt } from '@/server/storage/signing';

/** The vendors' own published vectors (notes/integrations.md §1–2). */
describe('Qiniu', () => {
  it('signs the upload token of the put-policy document', () => {
    const policy =
      '{"scope":"my-bucket:sunflower.jpg","deadline":1451491200,"returnBody":"{\\"name\\":$(fname),\\"size\\":$(fsize),\\"w\\":$(imageInfo.width),\\"h\\":$(imageInfo.height),\\"hash\\":$(etag)}"}';
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

  /**
   * The management token (`Qiniu <AK>:<sign>`, used to delete files): the vectors of Qiniu's own
   * Node SDK (qiniu/nodejs-sdk test/util.test.js, `generateAccessTokenV2` and `isQiniuCallback`).
   * They cover header canonicalisation (`x-qIniu-aAa`), the ignored bare `X-Qiniu-`, the body left
   * out for octet-stream, a query string, and a missing content type signed as form-encoded.
   */
  it.each<{ method: string; url: string; headers: Record<string, string>; contentType?: string; body: string; token: string }>([
    {
      method: 'GET',
      url: 'http://rs.qbox.me',
      headers: { 'x-Qiniu-': 'a', 'X-qIniu': 'b' },
      contentType: 'application/x-www-form-urlencoded',
      body: '{"name": "test"}',
      token: 'Qiniu ak:CK4wBVOL6sLbVE4G4mrXqL_yEc4=',
    },
    {
      method: 'GET',
      url: 'http://rs.qbox.me',
      headers: {},
      contentType: 'application/json',
      body: '{"name": "test"}',
      token: 'Qiniu ak:ksh7bJBnBzFO0yxJ_tLLUcg0csM=',
    },
    {
      method: 'POST',
      url: 'http://rs.qbox.me',
      headers: { 'X-Qiniu': 'b' },
      contentType: 'application/json',
      body: '{"name": "test"}',
      token: 'Qiniu ak:IlW01tHjGQ0pGPXV_3jjR1AdD34=',
    },
    {
      method: 'GET',
      url: 'http://upload.qiniup.com',
      headers: { 'X-Qiniu-': 'a', 'X-Qiniu': 'b' },
      contentType: 'application/x-www-form-urlencoded',
      body: '{"name": "test"}',
      token: 'Qiniu ak:156x8Q4x1zadPcAyMRVDsioIyAk=',
    },
    {
      method: 'GET',
      url: 'http://upload.qiniup.com',
      headers: { 'X-Qiniu-Bbb': 'BBB', 'X-Qiniu-Aaa': 'DDD', 'X-Qiniu-': 'a' },
      contentType: 'application/json',
      body: '{"name": "test"}',
      token: 'Qiniu ak:eOaX4RziJPW9ywnJ02jshmEMfhI=',
    },
    {
      method: 'gET',
      url: 'http://upload.qiniup.com',
      headers: { 'X-Qiniu-Bbb': 'BBB', 'x-qIniu-aAa': 'DDD' },
      contentType: 'application/json',
      body: '{"name": "test"}',
      token: 'Qiniu ak:eOaX4RziJPW9ywnJ02jshmEMfhI=',
    },
    {
      method: 'GET',
      url: 'http://upload.qiniup.com',
      headers: { 'X-Qiniu-Bbb': 'BBB', 'X-Qiniu-Aaa': 'DDD' },
      contentType: 'application/octet-stream',
      body: '{"name": "test"}',
      token: 'Qiniu ak:GQQrYvDCdN_RaVjyJC7hIkv5TYk=',
    },
    {
      method: 'GET',
      url: 'http://upload.qiniup.com',
      headers: { 'X-Qiniu-Bbb': 'BBB', 'X-Qiniu-Aaa': 'DDD' },
      contentType: 'application/x-www-form-urlencoded',
      body: 'name=test&language=go',
      token: 'Qiniu ak:A5PMXECSPZQxitJqLj0op2B2GEM=',
    },
    {
      method: 'GET',
      url: 'http://upload.qiniup.com/mkfile/sdf.jpg',
      headers: { 'X-Qiniu-Bbb': 'BBB', 'X-Qiniu-Aaa': 'DDD' },
      contentType: 'application/x-www-form-urlencoded',
      body: 'name=test&language=go',
      token: 'Qiniu ak:fkRck5_LeyfwdkyyLk-hyNwGKac=',
    },
    {
      method: 'GET',
      url: 'http://upload.qiniup.com/mkfile/sdf.jpg?s=er3&df',
      headers: { 'X-Qiniu-Bbb': 'BBB', 'X-Qiniu-Aaa': 'DDD' },
      contentType: 'application/x-www-form-urlencoded',
      body: 'name=test&language=go',
      token: 'Qiniu ak:PUFPWsEUIpk_dzUvvxTTmwhp3p4=',
    },
    {
      method: 'GET',
      url: 'http://upload.qiniup.com/mkfile/sdf.jpg?s=er3&df',
      headers: { 'X-Qiniu-Bbb': 'BBB', 'X-Qiniu-Aaa': 'DDD' },
      contentType: undefined,
      body: 'name=test&language=go',
      token: 'Qiniu ak:PUFPWsEUIpk_dzUvvxTTmwhp3p4=',
    },
  ])('signs the management token of the SDK vector $token ($method $url, $contentType)', ({ token, ...request }) => {
    expect(qiniuManagementToken({ accessKey: 'ak', secretKey: 'sk', ...request })).toBe(token);
  });

  it('signs the management token of the SDK callback vector', () => {
    const body = 'name=sunflower.jpg&hash=Fn6qeQi4VDLQ347NiRm-RlQx_4O2&location=Shanghai&price=1500.00&uid=123';
    const token = qiniuManagementToken({
      accessKey: 'abcdefghklmnopq',
      secretKey: '1234567890',
      method: 'GET',
      url: 'https://test.qiniu.com/callback',
      contentType: 'application/x-www-form-urlencoded',
      headers: { 'X-Qiniu-Bbb': 'BBB' },
      body,
    });
    expect(token).toBe('Qiniu abcdefghklmnopq:ZqS7EZuAKrhZaEIxqNGxDJi41IQ=');
  });

  it('encodes an entry as the SDK does (URL-safe base64, padding kept)', () => {
    expect(qiniuEncodedEntry('qiniuphotos', 'gogopher.jpg')).toBe('cWluaXVwaG90b3M6Z29nb3BoZXIuanBn');
    expect(qiniuEncodedEntry('qiniuphotos', '012ts>a')).toBe('cWluaXVwaG90b3M6MDEydHM-YQ==');
    expect(qiniuEncodedEntry('qiniuphotos', '012ts?a')).toBe('cWluaXVwaG90b3M6MDEydHM_YQ==');
  });
});

describe('Upyun', () => {
  it('signs the REST vector of the authorization document (same HMAC as the FORM API)', () => {
    const auth = upyunSignature({
      operator: 'operator123',
      password: 'password123',
      method: 'PUT',
      uri: '/upyun-temp/demo.jpg',
      date: 'Wed, 09 Nov 2016 14:26:58 GMT',
      contentMd5: '7ac66c0f148de9519b8bd264312c4d64',
    });
    expect(auth).toBe('UPYUN operator123:YUaAZX+WNAcJdNGHS5SBlITME5A=');
  });

  it('makes the _upt anti-leech token', () => {
    expect(upyunUpt('mark520', 1545271510, '/404.jpg')).toBe('bcc3b8331545271510');
  });
});
