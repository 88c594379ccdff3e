import { defineConfig } from 'prisma/config';

// `env()` from prisma/config throws when the variable is unset, which would break `prisma generate` on a
// machine that has no database configured.
export default defineConfig({
  schema: 'prisma/schema.prisma',
  migrations: { path: 'prisma/migrations' },
  datasource: { url: process.env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres' },
});
