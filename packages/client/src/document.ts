// A document as this package sends it: the text of a TypedDocumentNode (printed once) or of a typed string
// (the client preset's `documentMode: 'string'`), whether it is a mutation, and the input type it takes.
import type { DocumentTypeDecoration } from '@graphql-typed-document-node/core';
import { print, type DocumentNode, type OperationDefinitionNode } from 'graphql';

/** Any typed document: a TypedDocumentNode, or a TypedDocumentString of GraphQL Code Generator. */
export type AnyDocument<TResult, TVariables> = DocumentTypeDecoration<TResult, TVariables>;

/** A document whatever its types (what `prepare` reads of it does not depend on them). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type SomeDocument = AnyDocument<any, any>;

/** What the client needs to know of a document to send it. */
export interface PreparedDocument {
  readonly query: string;
  readonly operationName: string | null;
  readonly mutation: boolean;
  /** The type of the `$input` variable, when the operation has one (`PlaceBidInput`). */
  readonly inputType: string | null;
}

/**
 * The input types whose `idempotencyKey` makes a retry safe (checked against schema.graphql by a test): a
 * mutation taking one is given a key, the same on every retry, when the caller gave none.
 */
export const KEYED_INPUTS: ReadonlySet<string> = new Set([
  'AddBotInput',
  'AgentInput',
  'ArenaJoinInput',
  'ChallengeIdInput',
  'ChallengeInput',
  'ChallengePolicyInput',
  'ChatMessageInput',
  'CreateAgentInput',
  'CreateGameInput',
  'CreateWebhookInput',
  'DeliveryInput',
  'GameActionInput',
  'GameInput',
  'PlaceBidInput',
  'PlayerIdInput',
  'QuickPlayInput',
  'RegisterPlayerInput',
  'RemoveBotInput',
  'RenameAgentInput',
  'RotateTokenInput',
  'SeatInput',
  'UpdateWebhookInput',
  'WebhookInput',
]);

const prepared = new WeakMap<object, PreparedDocument>();
const OPERATION = /^\s*(query|mutation|subscription)\b\s*([_A-Za-z][_0-9A-Za-z]*)?/;
const INPUT_TYPE = /\$input\s*:\s*([_A-Za-z][_0-9A-Za-z]*)/;

/** The text and shape of a document, worked out once per document object. */
export function prepare(document: SomeDocument | string): PreparedDocument {
  // A plain string cannot key a WeakMap: it is read each time (it is short work).
  const key = typeof document === 'string' ? null : (document as object);
  const known = key && prepared.get(key);
  if (known) return known;
  let result: PreparedDocument;
  if (isDocumentNode(document)) {
    const operation = document.definitions.find(
      (d): d is OperationDefinitionNode => d.kind === 'OperationDefinition',
    );
    const input = operation?.variableDefinitions?.find((v) => v.variable.name.value === 'input');
    let type = input?.type;
    while (type && type.kind !== 'NamedType') type = type.type;
    result = {
      query: print(document),
      operationName: operation?.name?.value ?? null,
      mutation: operation?.operation === 'mutation',
      inputType: type?.name.value ?? null,
    };
  } else {
    const query = String(document);
    const head = OPERATION.exec(query);
    result = {
      query,
      operationName: head?.[2] ?? null,
      mutation: head?.[1] === 'mutation',
      inputType: INPUT_TYPE.exec(query)?.[1] ?? null,
    };
  }
  if (key) prepared.set(key, result);
  return result;
}

function isDocumentNode(document: unknown): document is DocumentNode {
  return typeof document === 'object' && document !== null && (document as DocumentNode).kind === 'Document';
}

/** A random key for one request and its retries (crypto.randomUUID where the page is a secure context). */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * The variables to send: a mutation whose `$input` type is keyed gets an idempotencyKey when it has none, so
 * that every retry of this call repeats it.
 */
export function withIdempotencyKey(
  document: PreparedDocument,
  variables: Record<string, unknown>,
): Record<string, unknown> {
  if (!document.mutation || !document.inputType || !KEYED_INPUTS.has(document.inputType)) return variables;
  const input = variables.input;
  if (typeof input !== 'object' || input === null || 'idempotencyKey' in input) return variables;
  return { ...variables, input: { ...input, idempotencyKey: newIdempotencyKey() } };
}
