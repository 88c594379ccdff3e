// The Apollo plugin that notes what each GraphQL request was and how it ended, for its log line and metrics.
import type { ApolloServerPlugin } from '@apollo/server';
import { Kind, type OperationDefinitionNode } from 'graphql';
import type { HttpContext } from '../gate/request-gate';
import { CLIENT_REFUSAL_CODES } from '../graphql/errors';
import { playerGlobalId } from '../graphql/ids';
import type { RequestRecords } from '../observability/request-scope';

function firstRootField(operation: OperationDefinitionNode): string | undefined {
  const first = operation.selectionSet.selections[0];
  return first?.kind === Kind.FIELD ? first.name.value : undefined;
}

/** The code of the first user error in a payload's data (a refused move answers 200 with userErrors). */
function firstUserErrorCode(data: Record<string, unknown> | null | undefined): string | undefined {
  if (!data) return undefined;
  for (const value of Object.values(data)) {
    const errors = (value as { userErrors?: { code?: unknown }[] } | null)?.userErrors;
    const code = Array.isArray(errors) ? errors[0]?.code : undefined;
    if (typeof code === 'string') return code;
  }
  return undefined;
}

/** The player as clients know it: its global id. */
function playerOf(context: HttpContext | undefined): string | null {
  const id = context?.viewer?.id;
  return id ? playerGlobalId(id) : null;
}

export function requestObserverPlugin(
  records: RequestRecords<HttpContext>,
  reportError: (error: unknown, requestId: string) => void,
): ApolloServerPlugin<HttpContext> {
  return {
    async requestDidStart({ contextValue }) {
      const record = records.get(contextValue);
      if (!record) return;
      return {
        async didEncounterErrors({ errors }) {
          // A client's refusal is an answer (its code is on the request's line), not a fault to report.
          for (const error of errors) {
            const code = error.extensions?.code;
            if (typeof code === 'string' && CLIENT_REFUSAL_CODES.has(code)) continue;
            reportError(error.originalError ?? error, record.id);
          }
        },
        async didResolveOperation({ operation, operationName, contextValue }) {
          if (!operation) return;
          record.operationType = operation.operation;
          if (operationName) record.operationName = operationName.slice(0, 100);
          record.rootField = firstRootField(operation);
          record.playerId = playerOf(contextValue);
        },
        async willSendResponse({ response, errors, contextValue }) {
          record.playerId ??= playerOf(contextValue);
          const code = errors?.[0]?.extensions?.code;
          if (typeof code === 'string') {
            record.outcome = code;
            return;
          }
          if (response.body.kind !== 'single') return;
          const result = response.body.singleResult;
          const resultCode = result.errors?.[0]?.extensions?.code;
          record.outcome =
            typeof resultCode === 'string'
              ? resultCode
              : (firstUserErrorCode(result.data as Record<string, unknown> | null) ?? 'OK');
        },
      };
    },
  };
}
