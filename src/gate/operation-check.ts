// What a transport that parses operations itself (WebSocket) checks, as Apollo does over HTTP.
import { getOperationAST, GraphQLError, type DocumentNode } from 'graphql';

/** A parsed operation text: its document and what validation found. */
export interface ParsedDocument {
  readonly document: DocumentNode;
  readonly errors: readonly GraphQLError[];
}

function codeOf(error: GraphQLError, fallback: string): GraphQLError {
  if (error.extensions?.code) return error;
  return new GraphQLError(error.message, {
    nodes: error.nodes,
    extensions: { ...error.extensions, code: fallback },
  });
}

/**
 * The document of a text that parses, validates and names the operation to run (required when there are
 * several, and it must exist), or the errors Apollo would answer with. `parse` throws syntax errors.
 */
export function checkParsed(
  parse: () => ParsedDocument,
  operationName: string | null | undefined,
): DocumentNode | GraphQLError[] {
  let parsed: ParsedDocument;
  try {
    parsed = parse();
  } catch (error) {
    return [codeOf(error as GraphQLError, 'GRAPHQL_PARSE_FAILED')];
  }
  const { document, errors } = parsed;
  if (errors.length) return errors.map((e) => codeOf(e, 'GRAPHQL_VALIDATION_FAILED'));
  if (!getOperationAST(document, operationName)) {
    const message = operationName
      ? `Unknown operation named "${operationName}".`
      : 'Must provide operation name if query contains multiple operations.';
    return [new GraphQLError(message, { extensions: { code: 'OPERATION_RESOLUTION_FAILURE' } })];
  }
  return document;
}
