// The schema's SDL as checked in to schema.graphql.
import { lexicographicSortSchema, printSchema, type GraphQLSchema } from 'graphql';

/** The SDL checked in as schema.graphql: sorted, so that it only changes when the API does. */
export function schemaSdl(schema: GraphQLSchema): string {
  return `${printSchema(lexicographicSortSchema(schema))}\n`;
}
