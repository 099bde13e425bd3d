import { defineConfig } from 'drizzle-kit';

// `npm run db:generate` writes SQL migrations from the schema; they are committed and applied by the server at start.
export default defineConfig({
  dialect: 'postgresql',
  schema: './server/db/schema/index.ts',
  out: './server/db/migrations',
});
