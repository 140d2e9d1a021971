import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { NextConfig } from 'next';
import { securityHeaders } from './lib/security-headers';
import { installMethodGate } from './server/http/method-gate';

// Methods no route serves (TRACE, PROPFIND …) answer 405 on the Node server before Next builds its
// request (issue 23 F2). Installed here because `next start` runs this file in the server process
// right after opening its port, the earliest code of ours it runs (instrumentation.ts comes seconds
// later); only a request that arrives within that first moment still meets Next's 500. It changes
// nothing in the processes that only read the configuration (`next build`).
installMethodGate();

/** The installed TinyMCE's version: on every URL of its files (components/articles/editor/tinymce-assets.ts). */
const TINYMCE_VERSION: string = JSON.parse(readFileSync(path.join(process.cwd(), 'node_modules/tinymce/package.json'), 'utf8')).version;

/** Every path but the built-in API hosts' (they send the same headers themselves). */
const PAGES = '/:path((?!api/|api$|product-api/|topic-api/).*)';
const toList = (headers: Record<string, string>) => Object.entries(headers).map(([key, value]) => ({ key, value }));

const nextConfig: NextConfig = {
  // PGlite resolves its wasm/data files relative to its own module URL; bundling breaks that.
  serverExternalPackages: ['@electric-sql/pglite', 'pg'],
  poweredByHeader: false,
  env: { TINYMCE_VERSION },
  reactStrictMode: true,
  turbopack: {
    rules: {
      // Three of antd's modules with one import rewritten (issue 25; scripts/antd-loader.cjs): the Button
      // and Tag style tokens' `isBright` without the colour picker's presets and Collapse, the Table's
      // column filter dropdown (antd's Tree …) loaded only for a column that has a filter, its selection's
      // tree helpers without rc-tree's component.
      '*.js': {
        condition: {
          path: /[\\/]antd[\\/]es[\\/](button[\\/]style[\\/]token|tag[\\/]style[\\/]index|table[\\/]hooks[\\/](useFilter[\\/]index|useSelection))\.js$/,
        },
        loaders: [path.join(process.cwd(), 'scripts/antd-loader.cjs')],
      },
    },
  },
  /**
   * Frame, sniffing and referrer headers on every page; HSTS when a TLS proxy says https. The API
   * hosts (`/api/*`, `/product-api/*`, `/topic-api/*`) set the same headers themselves, so they are
   * not sent twice.
   */
  // Browsers ask for /favicon.ico where a page names no icon (a picture or file opened on its own).
  async rewrites() {
    return [{ source: '/favicon.ico', destination: '/logo.svg' }];
  },
  async headers() {
    return [
      { source: PAGES, headers: toList(securityHeaders({ https: false })) },
      {
        source: PAGES,
        has: [{ type: 'header', key: 'x-forwarded-proto', value: 'https' }],
        headers: toList({ 'Strict-Transport-Security': securityHeaders({ https: true })['Strict-Transport-Security'] }),
      },
      // TinyMCE's files (public/tinymce) asked for with its version (`?v=8.9.2`): a URL that never
      // changes content, cached for a year, so a second visit to an editor asks the server nothing.
      {
        source: '/tinymce/:path*',
        has: [{ type: 'query', key: 'v' }],
        headers: toList({ 'Cache-Control': 'public, max-age=31536000, immutable' }),
      },
    ];
  },
};

export default nextConfig;
