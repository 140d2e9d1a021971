/**
 * Fills the throw-away database of ./front.ts through Payload's local API: Payload creates its tables
 * first (the dev-mode schema push of @payloadcms/db-postgres, hence NODE_ENV=development here),
 * then the administrator, 10 categories and 200 articles (as ../front.ts seeds ours), each with a
 * one-paragraph Lexical body. Run by ./front.ts with DATABASE_URL, ADMIN_EMAIL and ADMIN_PASSWORD set.
 */
import { getPayload } from 'payload';
import config from './src/payload.config';

const ARTICLES = 200;
const STATUSES = ['draft', 'pending', 'rejected', 'published', 'scheduled', 'offline'] as const;

const body = (text: string) => ({
  root: {
    type: 'root',
    format: '' as const,
    indent: 0,
    version: 1,
    direction: 'ltr' as const,
    children: [
      {
        type: 'paragraph',
        format: '' as const,
        indent: 0,
        version: 1,
        direction: 'ltr' as const,
        textFormat: 0,
        textStyle: '',
        children: [{ type: 'text', text, format: 0, style: '', mode: 'normal', detail: 0, version: 1 }],
      },
    ],
  },
});

const payload = await getPayload({ config });
await payload.create({
  collection: 'users',
  data: { email: process.env.ADMIN_EMAIL!, password: process.env.ADMIN_PASSWORD!, name: '管理员' },
});
const categories: Array<number | string> = [];
for (let g = 1; g <= 10; g++) categories.push((await payload.create({ collection: 'categories', data: { name: `分类${g}`, sort: g } })).id);
for (let g = 1; g <= ARTICLES; g++) {
  await payload.create({
    collection: 'articles',
    data: { title: `卡车新闻 ${g}`, body: body('正文'), status: STATUSES[g % 6], category: categories[g % 10] },
  });
}
await payload.destroy();
process.exit(0);
