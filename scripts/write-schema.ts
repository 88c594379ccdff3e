import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createSchema } from '../src/graphql/schema';
import { schemaSdl } from '../src/graphql/schema-sdl';

async function main(): Promise<void> {
  const path = join(__dirname, '..', '..', 'schema.graphql');
  writeFileSync(path, schemaSdl(await createSchema()));
  console.log(`wrote ${path}`);
}

void main();
