import { defineConfig } from 'drizzle-kit';

// `npm run db:generate -w @app/server -- --name <what_it_does>` writes the migration for a table change;
// what goes in migrations and what in drizzle/functions/: drizzle/functions/README.md.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema.ts',
  out: './drizzle',
});
