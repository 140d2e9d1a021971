/**
 * First-load JS of a screen, read from a production build (`.next/`) without a browser (issue 17):
 * the scripts the HTML bootstraps with (`build-manifest.json` rootMainFiles) and every script the
 * route's segments name (its `page_client-reference-manifest.js` entryJSFiles: the root and group
 * layouts, their error and not-found boundaries, the page), each counted once, gzipped as
 * `next start` sends them (zlib's default level). Chunks a screen loads later (`dynamic()`, the
 * editor's TinyMCE) are not first-load and not counted here; bench/front.ts counts them as a
 * browser receives them. Used by `npm run bench:bundle` (bench/front.ts) and the CI budget (scripts/bundle-budget.ts).
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

export interface FirstLoad {
  /** The route's segment folder under app/, route groups included (`(default)/article/list`). */
  segment: string;
  /** Files under `.next/`, e.g. `static/chunks/0abc.js`. */
  files: string[];
  rawBytes: number;
  gzipBytes: number;
}

const gzipCache = new Map<string, number>();

function gzipSize(file: string): number {
  let n = gzipCache.get(file);
  if (n === undefined) {
    n = gzipSync(readFileSync(file)).length;
    gzipCache.set(file, n);
  }
  return n;
}

/** `/article/list` → `(default)/article/list`: the app folder of each page route of the build. */
export function pageSegments(root: string): Map<string, string> {
  const manifest = JSON.parse(readFileSync(path.join(root, '.next/server/app-paths-manifest.json'), 'utf8')) as Record<string, string>;
  const out = new Map<string, string>();
  for (const key of Object.keys(manifest)) {
    if (!key.endsWith('/page')) continue;
    const segment = key.slice(1, -'/page'.length);
    const url = `/${segment
      .split('/')
      .filter((p) => p && !/^\(.*\)$/.test(p))
      .join('/')}`;
    out.set(url, segment);
  }
  return out;
}

/** The page's client reference manifest, as the server reads it (`globalThis.__RSC_MANIFEST[...] = {...}`). */
function clientManifest(root: string, segment: string): { entryJSFiles: Record<string, string[]> } {
  const file = path.join(root, '.next/server/app', segment, 'page_client-reference-manifest.js');
  const text = readFileSync(file, 'utf8');
  const start = text.indexOf('= {');
  if (start < 0) throw new Error(`${file}: not the expected format`);
  return JSON.parse(
    text
      .slice(start + 2)
      .trim()
      .replace(/;\s*$/, ''),
  );
}

/** First-load JS of the screen at this URL path, or null when the build has no such page. */
export function firstLoadJs(root: string, urlPath: string): FirstLoad | null {
  if (!existsSync(path.join(root, '.next/BUILD_ID'))) throw new Error('no production build in .next (run `npm run build` first)');
  const segment = pageSegments(root).get(urlPath);
  if (segment === undefined) return null;
  const build = JSON.parse(readFileSync(path.join(root, '.next/build-manifest.json'), 'utf8')) as { rootMainFiles: string[] };
  const files = new Set<string>(build.rootMainFiles);
  for (const list of Object.values(clientManifest(root, segment).entryJSFiles)) for (const f of list) files.add(f);
  let rawBytes = 0;
  let gzipBytes = 0;
  for (const f of files) {
    const file = path.join(root, '.next', f);
    rawBytes += readFileSync(file).length;
    gzipBytes += gzipSize(file);
  }
  return { segment, files: [...files], rawBytes, gzipBytes };
}

/** Every page route of the build (URL paths), for a full listing. */
export function allPages(root: string): string[] {
  return [...pageSegments(root).keys()].sort();
}

export const formatKiB = (bytes: number) => `${(bytes / 1024).toFixed(0)} KiB`;

/** The build's id (`.next/BUILD_ID`), to print beside figures. */
export const buildId = (root: string) => readFileSync(path.join(root, '.next/BUILD_ID'), 'utf8').trim();

/** Files of `.next/static/chunks` (for a listing of what a route pulls in). */
export const chunkFiles = (root: string) => readdirSync(path.join(root, '.next/static/chunks'));
