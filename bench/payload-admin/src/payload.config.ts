/**
 * Payload 3's own admin for the front-end comparison (../front.ts): what a Payload developer would
 * write for this newsroom from the blank template. Users (auth), categories and articles (a Lexical
 * rich-text body), PostgreSQL, the admin in Chinese. DATABASE_URL is set by ../front.ts (a
 * throw-away database it creates and drops).
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { postgresAdapter } from '@payloadcms/db-postgres';
import { lexicalEditor } from '@payloadcms/richtext-lexical';
import { zh } from '@payloadcms/translations/languages/zh';
import { buildConfig } from 'payload';
import { Articles } from './collections/Articles';
import { Categories } from './collections/Categories';
import { Users } from './collections/Users';

const dirname = path.dirname(fileURLToPath(import.meta.url));

export default buildConfig({
  admin: { user: Users.slug, importMap: { baseDir: path.resolve(dirname) } },
  collections: [Users, Categories, Articles],
  editor: lexicalEditor(),
  i18n: { supportedLanguages: { zh }, fallbackLanguage: 'zh' },
  secret: process.env.PAYLOAD_SECRET || 'bench-only-not-a-secret',
  db: postgresAdapter({ pool: { connectionString: process.env.DATABASE_URL || '' } }),
  // An empty handler inside Payload's REST route (`GET /api/ping`): the floor of ../front.ts's
  // requests-per-second table, as `/api/ping` is ours.
  endpoints: [{ path: '/ping', method: 'get', handler: () => Response.json({ ok: true }) }],
  typescript: { autoGenerate: false, outputFile: path.resolve(dirname, 'payload-types.ts') },
  telemetry: false,
});
