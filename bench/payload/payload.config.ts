/**
 * Payload CMS config for the list benchmark (bench/payload/run.ts): collections shaped like our
 * departments, roles, users, login_logs and operation_logs, articles (with categories and tags)
 * and the picture library (an upload collection with its own tags), with `index: true` on every
 * field the lists filter or sort on, as the Payload docs advise. No admin UI, no HTTP server: the
 * benchmark uses the local API only.
 *
 * `users` is a real Payload auth collection (login with username), because that is what staff
 * accounts are in a Payload project. The rows are filled with SQL, so auth does not slow the fill;
 * it does add what Payload adds to every auth collection (hash/salt/lock columns and a
 * `users_sessions` table that every read of a user joins).
 */
import { postgresAdapter } from '@payloadcms/db-postgres';
import { buildConfig, type CollectionConfig } from 'payload';

// run.ts sets this to a fresh, throw-away database before importing the config.
const databaseUrl = process.env.PAYLOAD_BENCH_DATABASE_URL;
if (!databaseUrl) throw new Error('PAYLOAD_BENCH_DATABASE_URL is not set (run through run.ts)');

// BENCH_COMPOUND_INDEXES=1 adds (filter column, createdAt) compound indexes like ours, via the
// collection-level `indexes` option Payload 3 offers. Off by default: per-field `index: true` is
// what the Payload docs and templates show.
const compound = process.env.BENCH_COMPOUND_INDEXES === '1';

const departments: CollectionConfig = {
  slug: 'departments',
  admin: { useAsTitle: 'name' },
  fields: [
    { name: 'name', type: 'text', required: true },
    { name: 'sort', type: 'number', index: true },
  ],
};

const roles: CollectionConfig = {
  slug: 'roles',
  admin: { useAsTitle: 'name' },
  fields: [
    { name: 'name', type: 'text', required: true, unique: true },
    { name: 'routes', type: 'json' },
    { name: 'level', type: 'number' },
  ],
};

const users: CollectionConfig = {
  slug: 'users',
  admin: { useAsTitle: 'username' },
  // `username` (unique, indexed) and `email` come from auth; email is optional here, as in ours.
  auth: { loginWithUsername: { allowEmailLogin: true, requireEmail: false } },
  fields: [
    { name: 'name', type: 'text', required: true, index: true },
    // Single relationships are stored as a foreign-key column (department_id) on the users table.
    { name: 'department', type: 'relationship', relationTo: 'departments', index: true },
    { name: 'role', type: 'relationship', relationTo: 'roles', index: true },
    { name: 'phone', type: 'text', index: true },
    { name: 'enabled', type: 'checkbox', defaultValue: true },
  ],
  ...(compound ? { indexes: [{ fields: ['department', 'createdAt'] }] } : {}),
};

const loginLogs: CollectionConfig = {
  slug: 'login-logs',
  fields: [
    { name: 'username', type: 'text', required: true, index: true },
    { name: 'userId', type: 'number', index: true },
    { name: 'ip', type: 'text', index: true },
    { name: 'userAgent', type: 'text' },
    { name: 'success', type: 'checkbox', required: true, index: true },
    { name: 'reason', type: 'text' },
  ],
  // createdAt / updatedAt are Payload's own timestamps (indexed by Payload).
  ...(compound
    ? {
        indexes: [
          { fields: ['username', 'createdAt'] },
          { fields: ['userId', 'createdAt'] },
          { fields: ['ip', 'createdAt'] },
          { fields: ['success', 'createdAt'] },
        ],
      }
    : {}),
};

const operationLogs: CollectionConfig = {
  slug: 'operation-logs',
  fields: [
    { name: 'userId', type: 'number', index: true },
    { name: 'username', type: 'text', index: true },
    {
      name: 'type',
      type: 'select',
      required: true,
      index: true,
      options: ['create', 'update', 'delete', 'sort', 'enable', 'disable', 'reset_password', 'login'],
    },
    { name: 'resource', type: 'text', required: true, index: true },
    { name: 'resourceId', type: 'text' },
    { name: 'summary', type: 'text' },
    { name: 'before', type: 'json' },
    { name: 'after', type: 'json' },
    { name: 'ip', type: 'text' },
  ],
  ...(compound
    ? {
        indexes: [
          { fields: ['userId', 'createdAt'] },
          { fields: ['username', 'createdAt'] },
          { fields: ['type', 'createdAt'] },
          { fields: ['resource', 'createdAt'] },
        ],
      }
    : {}),
};

const categories: CollectionConfig = {
  slug: 'categories',
  admin: { useAsTitle: 'name' },
  fields: [
    { name: 'name', type: 'text', required: true },
    { name: 'sort', type: 'number', index: true },
  ],
};

const tags: CollectionConfig = {
  slug: 'tags',
  admin: { useAsTitle: 'name' },
  fields: [{ name: 'name', type: 'text', required: true, index: true }],
};

/**
 * 文章: the fields of our article list (bench/articles.ts). The body is a `textarea` holding the
 * HTML (a Payload project would use the Lexical rich text field, a separate package, stored as JSON;
 * the list never reads it either way). Status and kind are selects (PostgreSQL enums), category,
 * editor and department single relationships (a `<name>_id` column each), tags a hasMany
 * relationship (rows in `articles_rels`). `updatedAt` is Payload's own timestamp, indexed by it.
 */
const articles: CollectionConfig = {
  slug: 'articles',
  admin: { useAsTitle: 'title', defaultColumns: ['title', 'category', 'editor', 'status', 'updatedAt', 'publishedAt'] },
  fields: [
    { name: 'title', type: 'text', required: true, index: true },
    { name: 'kind', type: 'select', required: true, index: true, options: ['article', 'gallery', 'video'] },
    { name: 'summary', type: 'textarea' },
    { name: 'content', type: 'textarea' },
    { name: 'cover', type: 'text' },
    { name: 'status', type: 'select', required: true, index: true, options: ['draft', 'pending', 'rejected', 'published', 'scheduled', 'offline'] },
    { name: 'category', type: 'relationship', relationTo: 'categories', index: true },
    { name: 'tags', type: 'relationship', relationTo: 'tags', hasMany: true, index: true },
    { name: 'editor', type: 'relationship', relationTo: 'users', index: true },
    { name: 'department', type: 'relationship', relationTo: 'departments', index: true },
    { name: 'publishedAt', type: 'date', index: true },
  ],
  ...(compound ? { indexes: [{ fields: ['status', 'category', 'updatedAt'] }, { fields: ['category', 'updatedAt'] }] } : {}),
};

const pictureTags: CollectionConfig = {
  slug: 'picture-tags',
  admin: { useAsTitle: 'name' },
  fields: [
    { name: 'name', type: 'text', required: true, unique: true },
    { name: 'sort', type: 'number', index: true },
  ],
};

/**
 * 图片库 as a Payload upload collection: Payload adds url, filename, mimeType, filesize, width,
 * height, focal point and, for the 320 px thumbnail size, its own set of columns; `find` computes
 * each document's URLs. Our own fields: title, tags (hasMany, `pictures_rels`), uploader, check
 * status and the SHA-256.
 */
const pictures: CollectionConfig = {
  slug: 'pictures',
  admin: { useAsTitle: 'title' },
  upload: {
    staticDir: 'bench-uploads',
    mimeTypes: ['image/jpeg', 'image/png', 'image/gif', 'image/webp'],
    imageSizes: [{ name: 'thumbnail', width: 320, formatOptions: { format: 'webp' } }],
    adminThumbnail: 'thumbnail',
  },
  fields: [
    { name: 'title', type: 'text', required: true, index: true },
    { name: 'tags', type: 'relationship', relationTo: 'picture-tags', hasMany: true, index: true },
    { name: 'uploader', type: 'relationship', relationTo: 'users', index: true },
    { name: 'checkStatus', type: 'select', index: true, defaultValue: 'unchecked', options: ['unchecked', 'pass', 'suspect', 'block'] },
    { name: 'sha256', type: 'text', index: true },
  ],
};

export default buildConfig({
  secret: 'bench-only-not-a-secret',
  collections: [users, departments, roles, loginLogs, operationLogs, categories, tags, articles, pictureTags, pictures],
  admin: { user: 'users' },
  db: postgresAdapter({
    pool: { connectionString: databaseUrl, max: 10 },
    // Creates the tables from the config on connect (dev-mode push, no migration files).
    push: true,
    // BENCH_SQL_LOG=1 prints every SQL statement Payload sends (use with BENCH_RUNS=1).
    logger: process.env.BENCH_SQL_LOG === '1',
  }),
  telemetry: false,
  typescript: { autoGenerate: false },
});
