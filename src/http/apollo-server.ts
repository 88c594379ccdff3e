// Apollo Server for GraphQL over HTTP, its operations checked by the request gate once resolved.
import { ApolloServer } from '@apollo/server';
import {
  ApolloServerPluginCacheControlDisabled,
  ApolloServerPluginLandingPageDisabled,
  ApolloServerPluginUsageReportingDisabled,
} from '@apollo/server/plugin/disabled';
import type { GraphQLFormattedError, GraphQLSchema } from 'graphql';
import { SERVICE_RETRY_SECONDS } from '../graphql/errors';
import { OPERATION_LIMITS } from '../graphql/operation-costs';
import type { HttpContext, RequestGate } from '../gate/request-gate';
import { rateLimitPlugin } from './rate-limit-extension';
import { requestObserverPlugin } from './request-observer.plugin';
import type { RequestRecords } from '../observability/request-scope';

export interface ApolloOptions {
  readonly production: boolean;
  /** Each HTTP request's record, found from its context. */
  readonly records: RequestRecords<HttpContext>;
  /** Told of each unexpected error met while serving a request, with the request's id. */
  readonly reportError: (error: unknown, requestId: string) => void;
  readonly formatError: (formatted: GraphQLFormattedError, error: unknown) => GraphQLFormattedError;
}

export async function startApollo(
  schema: GraphQLSchema,
  gate: RequestGate,
  options: ApolloOptions,
): Promise<ApolloServer<HttpContext>> {
  const { production } = options;
  const apollo = new ApolloServer<HttpContext>({
    schema,
    csrfPrevention: true,
    allowBatchedHttpRequests: false,
    introspection: true,
    // The process's own signal handlers call stop(); Apollo's would race them (and re-raise the signal).
    stopOnTerminationSignals: false,
    includeStacktraceInErrorResponses: !production,
    hideSchemaDetailsFromClientErrors: production,
    parseOptions: { maxTokens: OPERATION_LIMITS.maxTokens },
    formatError: options.formatError,
    plugins: [
      // The default cache-control plugin hooks every field, which makes Apollo wrap every resolver of the
      // schema (the WebSocket executions share it); responses carry no cache hints, so it only costs.
      ApolloServerPluginCacheControlDisabled(),
      ApolloServerPluginUsageReportingDisabled(),
      // Apollo decides on its landing page from NODE_ENV alone; a production server never serves one.
      ...(production ? [ApolloServerPluginLandingPageDisabled()] : []),
      requestObserverPlugin(options.records, options.reportError),
      rateLimitPlugin((context) => gate.rateLimitOfClient(context.client)),
      {
        async requestDidStart() {
          return {
            async didResolveOperation({ document, request, contextValue }) {
              gate.checkHttpOperation(document, request.variables, request.operationName, contextValue);
            },
            // A resolver whose database connection did not come in time: the formatter named it, the
            // status and Retry-After say it to HTTP clients and proxies.
            async willSendResponse({ response }) {
              if (response.body.kind !== 'single') return;
              const errors = response.body.singleResult.errors ?? [];
              if (!errors.some((e) => e.extensions?.code === 'SERVICE_UNAVAILABLE')) return;
              response.http.status = 503;
              response.http.headers.set('retry-after', String(SERVICE_RETRY_SECONDS));
            },
          };
        },
      },
    ],
  });
  await apollo.start();
  return apollo;
}
