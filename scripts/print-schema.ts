// Prints the schema's SDL as built from the code (what `npm run schema` writes to schema.graphql), for the
// schema linter in `npm run lint`.
import 'reflect-metadata';
import { createSchema } from '../src/graphql/schema';
import { schemaSdl } from '../src/graphql/schema-sdl';

createSchema().then(
  (schema) => process.stdout.write(schemaSdl(schema)),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
