import { defineConfig } from 'drizzle-kit';

// One schema and one migration set for PGlite and PostgreSQL; migrations apply on start.
export default defineConfig({
  dialect: 'postgresql',
  schema: './server/db/schema/index.ts',
  out: './server/db/migrations',
});
