// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { NextRequest } from 'next/server';
import { guardRequest, middleware } from '@/middleware';
import { pageContentSecurityPolicy, policyHostsFromEnv } from '@/lib/security-headers';
import { ROUTES, type RouteDef } from '@/lib/routes';

const routes: RouteDef[] = [...ROUTES, { path: '/secret', name: '秘密', layout: 'default', guard: 'admin' }];

describe('middleware wiring (no user-detail fetch needed)', () => {
  it('a route naming an unknown guard answers 500 "Unknown middleware …"', async () => {
    const res = await guardRequest(new NextRequest('http://cms.test/secret'), routes);
    expect(res.status).toBe(500);
    expect(await res.text()).toContain('Unknown middleware admin');
  });

  it('the login guard sends a request with a session to /', async () => {
    const req = new NextRequest('http://cms.test/login', { headers: { cookie: 'cms_session=abc' } });
    const res = await guardRequest(req, routes);
    expect(res.status).toBe(307);
    expect(res.headers.get('location')).toBe('http://cms.test/');
  });

  it('the user guard sends a request without a session to /login, remembering the page', async () => {
    const res = await guardRequest(new NextRequest('http://cms.test/role?keyword=%E4%B8%BB'), routes);
    expect(res.status).toBe(307);
    expect(res.headers.get('location')).toBe('http://cms.test/login?from=%2Frole%3Fkeyword%3D%25E4%25B8%25BB');
  });

  it('sends a request for / without a session to the bare /login', async () => {
    const res = await guardRequest(new NextRequest('http://cms.test/'), routes);
    expect(res.headers.get('location')).toBe('http://cms.test/login');
  });

  it('a path that is no route passes through to the 404 page, marked so the default layout answers 404 (not the sign-in)', async () => {
    const res = await guardRequest(new NextRequest('http://cms.test/no/such/page'), routes);
    expect(res.headers.get('x-middleware-next')).toBe('1');
    expect(res.headers.get('x-middleware-request-x-cms-no-route')).toBe('1');
  });

  it('strips a no-route mark forged by the client on a real route', async () => {
    const req = new NextRequest('http://cms.test/login', { headers: { 'x-cms-no-route': '1' } });
    const res = await guardRequest(req, routes);
    expect(res.headers.get('x-middleware-request-x-cms-no-route')).toBeNull();
  });

  it('strips a user detail forged by the client', async () => {
    const req = new NextRequest('http://cms.test/login', { headers: { 'x-cms-user-detail': 'forged' } });
    const res = await guardRequest(req, routes);
    const overridden = res.headers.get('x-middleware-override-headers') ?? '';
    expect(overridden.split(',')).not.toContain('x-cms-user-detail');
    expect(res.headers.get('x-middleware-request-x-cms-user-detail')).toBeNull();
  });
});

describe('script policy on every page (issue 14 I5)', () => {
  it('a page gets a fresh nonce: in its reply’s policy and on the request Next renders from', async () => {
    const policies: string[] = [];
    for (const path of ['/login', '/no/such/page']) {
      const res = await guardRequest(new NextRequest(`http://cms.test${path}`), routes);
      const csp = res.headers.get('content-security-policy') ?? '';
      expect(csp).toMatch(
        new RegExp(
          "^default-src 'self'; script-src 'self' 'nonce-[A-Za-z0-9+/]{22}==' 'strict-dynamic'; style-src 'self' 'unsafe-inline'; " +
            "img-src 'self' data: blob: https: http:; font-src 'self' data:; connect-src 'self' blob:; media-src 'self' blob:; frame-src 'none'; " +
            "object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'$",
        ),
      );
      const nonce = /'nonce-([^']+)'/.exec(csp)![1];
      expect(res.headers.get('x-middleware-request-content-security-policy')).toBe(csp);
      expect(res.headers.get('x-middleware-request-x-nonce')).toBe(nonce);
      policies.push(csp);
    }
    expect(policies[0]).not.toBe(policies[1]);
  });
});

describe('the page policy’s configured hosts (issue 23 I4)', () => {
  it('fetches and uploads may reach the API hosts and the storage upload host; videos play from its domain', () => {
    const none = policyHostsFromEnv({ NEXT_PUBLIC_API_BASE: '', NEXT_PUBLIC_PRODUCT_API: '/product-api' });
    expect(none).toEqual({ connect: [], media: [] });
    const qiniu = policyHostsFromEnv({
      NEXT_PUBLIC_PRODUCT_API: 'https://product.example.com/api/',
      CMS_STORAGE: 'qiniu',
      QINIU_DOMAIN: 'http://cdn.example.cn/',
      QINIU_UPLOAD_URL: 'https://upload-z1.qiniup.com',
      UPYUN_DOMAIN: 'https://old.example.cn',
    });
    expect(qiniu).toEqual({ connect: ['https://product.example.com', 'https://upload-z1.qiniup.com'], media: ['http://cdn.example.cn'] });
    // Upyun's keys set while Qiniu is the driver: its files still play, and its default upload host.
    const both = policyHostsFromEnv({
      CMS_STORAGE: 'qiniu',
      QINIU_DOMAIN: 'https://q.example.cn',
      UPYUN_BUCKET: 'b',
      UPYUN_OPERATOR: 'o',
      UPYUN_PASSWORD: 'p',
      UPYUN_DOMAIN: 'https://u.example.cn',
    });
    expect(both).toEqual({ connect: ['https://upload.qiniup.com', 'https://v0.api.upyun.com'], media: ['https://q.example.cn', 'https://u.example.cn'] });
    const csp = pageContentSecurityPolicy('n', { hosts: qiniu });
    expect(csp).toContain("connect-src 'self' blob: https://product.example.com https://upload-z1.qiniup.com;");
    expect(csp).toContain("media-src 'self' blob: http://cdn.example.cn;");
  });
});

describe('malformed percent escapes (issue 14 I1)', () => {
  it('an API or upload path with a malformed escape is a 400 in Chinese; a well-formed one goes on', async () => {
    for (const path of ['/uploads/%E0%A4%A', '/api/x%E0%A4%A', '/topic-api/%E0%A4%A', '/product-api/a/%E0%A4%A']) {
      const res = await middleware(new NextRequest(`http://cms.test${path}`));
      expect(res.status, path).toBe(400);
      expect(await res.text()).toBe('请求地址中的百分号编码无效');
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    }
    for (const path of ['/uploads/pic/2026/11/a%20b.jpg', '/api/tags/%E4%B8%AD']) {
      const res = await middleware(new NextRequest(`http://cms.test${path}`));
      expect(res.headers.get('x-middleware-next'), path).toBe('1');
      expect(res.headers.get('content-security-policy'), path).toBeNull();
    }
  });
});
