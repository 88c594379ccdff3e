/**
 * The client library of the Perudo (Liar's Dice) GraphQL server.
 *
 * ```ts
 * import { createClient } from '@perudo/client';
 *
 * const client = createClient({ url: 'http://localhost:4000/graphql' });
 * await client.register('Ana');
 * const { game } = await client.quickPlay({ preset: 'PERUDO', players: 2, botFillSeconds: 5 });
 * const live = client.game(game!.id);
 * live.on('turn', (state) => void live.dudo());
 * await live.finished;
 * await client.close();
 * ```
 *
 * @packageDocumentation
 */
export { createClient, PerudoClient } from './client.js';
export type { ClientEvents, ClientOptions, PlayerEvent, Registration } from './client.js';
export { LiveGame } from './live-game.js';
export type { GameEvent, GameResult, GameState, LiveGameEvents, LiveGameOptions } from './live-game.js';
export { LiveChat } from './live-chat.js';
export type { ChatMessage, LiveChatEvents } from './live-chat.js';
export { LivePresence } from './live-presence.js';
export type { LivePresenceEvents, SeatPresence } from './live-presence.js';
export { AbortedError, NetworkError, PerudoError, RateLimitedError, RequestError } from './errors.js';
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
export * from './gql/graphql.js';
export { DiceMismatchError, RoundCheck } from './verifier/round-check.js';
export type { RoundCheckHooks } from './verifier/round-check.js';
export * from './verifier/fairness-verifier.js';
