// The one way in for both transports: who the client is, whether its operation may run, what it pays.
import type { IncomingMessage } from 'node:http';
import { GraphQLError, getOperationAST, type DocumentNode, type GraphQLSchema } from 'graphql';
import { createContext, type GraphQLContext, type Services } from '../graphql/context';
import { invalidToken } from '../graphql/errors';
import { checkOperationLimits, mutationFieldCount } from './operation-limits';
import { rateLimited } from '../graphql/rate-limit-error';
import { clientAddress } from './client-address';
import type { RateLimitBudget } from './rate-limiter';
import type { ServerLimits } from './server-limits';
import type { PlayerRecord } from '../store/player.repository';
import { authenticate, bearerToken } from './authentication';
import type { Client, ClientLimits } from './client-limits';
import { checkParsed, type ParsedDocument } from './operation-check';

/** An operation sent on a socket, as graphql-ws hands it over. */
export interface SocketOperation {
  readonly operationName?: string | null;
  readonly variables?: Record<string, unknown> | null;
}

/** The context of an HTTP request: the resolvers' context, and the client each further mutation charges. */
export interface HttpContext extends GraphQLContext {
  readonly client: Client;
}

/**
 * Authenticates a bearer token, charges the rate limits and checks the operation limits, the same over
 * HTTP (Apollo's context function and didResolveOperation) and over WebSocket (graphql-ws's onConnect and
 * onSubscribe), and builds the resolvers' context.
 */
export class RequestGate {
  /** The player each HTTP request with a valid token was charged to (its budget is the one reported). */
  private readonly charged = new WeakMap<IncomingMessage, PlayerRecord>();

  constructor(
    private readonly schema: GraphQLSchema,
    private readonly services: Services,
    private readonly limits: ServerLimits,
    private readonly clientLimits: ClientLimits,
  ) {}

  /** One token from the address of each HTTP request and each WebSocket connection: 0, or the wait. */
  admit(req: IncomingMessage): number {
    return this.clientLimits.takeFromAddress(this.addressOf(req));
  }

  /**
   * A socket slot of the upgrade's address (SOCKETS_PER_ADDRESS): the function that gives it back when the
   * connection closes, or null when the address holds its cap.
   */
  socketSlot(req: IncomingMessage): (() => void) | null {
    return this.clientLimits.takeSocketSlot(this.addressOf(req));
  }

  /** Addresses holding a socket slot. */
  socketAddresses(): number {
    return this.clientLimits.sockets?.addresses ?? 0;
  }

  /**
   * The budget an HTTP request was charged to (`extensions.rateLimit`): its player's once its token was
   * found valid, otherwise its address's. Null when that limit is off.
   */
  rateLimitOf(req: IncomingMessage): RateLimitBudget | null {
    return this.clientLimits.budget(this.charged.get(req) ?? null, this.addressOf(req));
  }

  /** The same for a request whose context was built. */
  rateLimitOfClient(client: Client): RateLimitBudget | null {
    return this.clientLimits.budget(client.viewer, client.address);
  }

  /** The context of an HTTP request; throws its refusal (a bad token, a player over its limit). */
  async httpContext(req: IncomingMessage): Promise<HttpContext> {
    const token = bearerToken(req.headers.authorization);
    const viewer = await authenticate(this.services.players, req.headers.authorization);
    // A token replaced by a rotation sent with a key may only retry that rotation (see checkHttpOperation).
    const retiredToken =
      viewer === undefined && token !== null && (await this.services.accounts.wasRotated(token));
    if (viewer === undefined && !retiredToken) throw invalidToken();
    if (viewer) {
      this.charged.set(req, viewer);
      const wait = this.clientLimits.takeFromPlayer(viewer);
      if (wait > 0) throw rateLimited('player', wait);
    }
    const client: Client = {
      transport: 'http',
      viewer: viewer ?? null,
      address: this.addressOf(req),
      socket: null,
      token,
    };
    return {
      ...createContext(this.services, viewer ?? null, this.registrationQuota(client), {
        token,
        retiredToken,
      }),
      client,
    };
  }

  /** An HTTP request's operation once Apollo has parsed, validated and picked it; throws its refusal. */
  checkHttpOperation(
    document: DocumentNode,
    variables: Record<string, unknown> | undefined,
    operationName: string | null | undefined,
    context: HttpContext,
  ): void {
    if (context.retiredToken && !onlyRotation(document, operationName)) throw invalidToken();
    const errors = this.checkOperation(context.client, document, variables, operationName);
    if (errors.length) throw errors[0];
  }

  /** A new socket's client, from its `authorization` connection parameter; null refuses the socket. */
  async connect(req: IncomingMessage, authorization: unknown): Promise<Client | null> {
    const viewer = await authenticate(this.services.players, authorization);
    if (viewer === undefined) return null;
    return {
      transport: 'socket',
      viewer,
      token: typeof authorization === 'string' ? bearerToken(authorization) : null,
      address: this.addressOf(req),
      socket: this.clientLimits.newSocketLimiter(),
    };
  }

  /**
   * An operation sent on a socket where `running` others run: what to execute, or the errors to answer.
   * Each operation (and each further mutation in it) takes a token from the socket's, the player's and the
   * address's limits, as a request over HTTP does.
   */
  socketOperation(
    client: Client,
    parse: () => ParsedDocument,
    operation: SocketOperation,
    running: number,
  ): GraphQLError[] | { readonly document: DocumentNode; readonly contextValue: GraphQLContext } {
    const refused = this.clientLimits.charge(client, 1);
    if (refused) return [refused];
    const cap = this.limits.maxSubscriptionsPerSocket;
    if (running >= cap) {
      return [
        new GraphQLError(`at most ${cap} operations may run on one socket`, {
          extensions: { code: 'RATE_LIMITED' },
        }),
      ];
    }
    const document = checkParsed(parse, operation.operationName);
    if (Array.isArray(document)) return document;
    const errors = this.checkOperation(
      client,
      document,
      operation.variables ?? undefined,
      operation.operationName,
    );
    if (errors.length) return errors;
    const contextValue = createContext(this.services, client.viewer, this.registrationQuota(client), {
      token: client.token ?? null,
    });
    return {
      document,
      contextValue: {
        ...contextValue,
        chargeReplay: (events) => this.clientLimits.chargeReplay(client, events),
      },
    };
  }

  private registrationQuota(client: Client): () => GraphQLError | null {
    return () => this.clientLimits.chargeRegistration(client.address);
  }

  private addressOf(req: IncomingMessage): string {
    return clientAddress(req, this.limits.trustedProxies);
  }

  private checkOperation(
    client: Client,
    document: DocumentNode,
    variables: Record<string, unknown> | undefined,
    operationName: string | null | undefined,
  ): GraphQLError[] {
    // Coercing the variables (for the cost) may refuse them with hints as well.
    const over = checkOperationLimits(this.schema, document, variables, operationName);
    if (over.length) return over;
    // The operation paid for one mutation; each further one pays for itself.
    const more = mutationFieldCount(document, operationName) - 1;
    const refused = more > 0 ? this.clientLimits.charge(client, more) : null;
    return refused ? [refused] : [];
  }
}

/** Whether the operation is a mutation of rotateToken alone (what a replaced token may still retry). */
function onlyRotation(document: DocumentNode, operationName: string | null | undefined): boolean {
  const operation = getOperationAST(document, operationName);
  if (!operation || operation.operation !== 'mutation') return false;
  const fields = operation.selectionSet.selections;
  return (
    fields.length > 0 &&
    fields.every(
      (f) => f.kind === 'Field' && (f.name.value === 'rotateToken' || f.name.value === '__typename'),
    )
  );
}
