/**
 * The client library of the Perudo (Liar's Dice) GraphQL server.
 *
 * ```ts
 * import { createClient } from '@perudo/client';
 *
 * const client = createClient({ url: 'http://localhost:4000/graphql' });
 * await client.register('Ana');
 * const { game } = await client.quickPlay({ preset: 'PERUDO', players: 2, botFillSeconds: 1 });
 * const live = client.game(game!.id);
 * // The smallest legal bid when there is no bid to call, dudo otherwise (the README plays a little better).
 * live.on('turn', ({ legalActions }) => {
 *   const [bid] = legalActions!.minBids;
 *   void (legalActions!.canDudo || !bid ? live.dudo() : live.bid(bid.minQuantity, bid.face));
 * });
 * const final = await live.finished;
 * console.log(`${final.winner?.name} won`);
 * await client.close();
 * ```
 *
 * @packageDocumentation
 */
export { createClient, PerudoClient } from './client.js';
export type {
  AgentResult,
  AgentToken,
  ClientEvents,
  ClientOptions,
  PlayerEvent,
  Registration,
} from './client.js';
export { LiveGame } from './live-game.js';
export type { GameEvent, GameResult, GameState, LiveGameEvents, LiveGameOptions } from './live-game.js';
export { LiveChat } from './live-chat.js';
export type { ChatMessage, LiveChatEvents } from './live-chat.js';
export { LivePresence } from './live-presence.js';
export type { LivePresenceEvents, SeatPresence } from './live-presence.js';
export { AbortedError, NetworkError, PerudoError, RequestError } from './errors.js';
export type { RefusalCode, RequestErrorCode, UserError } from './errors.js';
export { DEFAULT_RETRY, backoff } from './retry.js';
export type { RetryPolicy } from './retry.js';
export type { RateLimitBudget, RequestOptions, TransportStats } from './transport.js';
export type { Stream, StreamHandlers } from './stream.js';
export type { AnyDocument } from './document.js';
export { KEYED_INPUTS } from './document.js';
export type { Unsubscribe } from './emitter.js';
export { inviteLink, parseInviteLink } from './invite.js';
export type { Invite } from './invite.js';
export * from './gql/graphql.js';
export { DiceMismatchError, RoundCheck } from './verifier/round-check.js';
export type { RoundCheckHooks } from './verifier/round-check.js';
export * from './verifier/fairness-verifier.js';
