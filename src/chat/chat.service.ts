// The table chat's use case: who may send and read, the text rules, the rate, idempotent retries, mutes.
import { seatOf, tableLinks, tableOptions, type GameState } from '../engine';
import type { ChatRecord, ChatRepository } from '../store/chat.repository';
import type { IdempotencyRecords } from '../store/idempotency.repository';
import { checkChatText } from './chat-text';

/** The fixed emotes. */
export const EMOTES = [
  'GOOD_GAME',
  'WELL_PLAYED',
  'NICE_BID',
  'LIAR',
  'OOPS',
  'THINKING',
  'LAUGH',
  'WOW',
] as const;
export type Emote = (typeof EMOTES)[number];

/** Accepted messages one player may send to one game within CHAT_RATE_WINDOW_MS. */
export const CHAT_RATE_MAX = 5;
export const CHAT_RATE_WINDOW_MS = 10_000;

/** The codes a chat message may be refused with (userErrors). */
export type ChatRefusalCode =
  'KICKED' | 'GAME_NOT_IN_PROGRESS' | 'SPECTATORS_NOT_ALLOWED' | 'CHAT_DISABLED' | 'IDEMPOTENCY_KEY_REUSED';

export interface ChatRefusal {
  readonly code: ChatRefusalCode;
  readonly message: string;
  readonly field?: readonly string[];
}

/** What the message is: exactly one of a text (checked by checkChatText) and an emote. */
export type ChatContent =
  { readonly text: string; readonly emote?: never } | { readonly emote: Emote; readonly text?: never };

export interface SendOptions {
  readonly idempotencyKey: string | null;
  /** The fingerprint of the request a retry with the same key must match. */
  readonly requestHash: string;
}

export type SendOutcome =
  | { readonly kind: 'sent'; readonly message: ChatRecord }
  | { readonly kind: 'refused'; readonly error: ChatRefusal }
  | { readonly kind: 'rate_limited'; readonly retryAfterSeconds: number }
  | { readonly kind: 'not_found' };

/** Thrown for input that breaks the text rules (the resolver answers BAD_USER_INPUT with its message). */
export class ChatInputError extends Error {
  constructor(
    message: string,
    readonly field: string,
  ) {
    super(message);
  }
}

/** Where the chat reads games from. */
export interface ChatGames {
  load(gameId: string): Promise<GameState | null>;
}

/** Where committed chat changes are told. */
export interface ChatAnnouncer {
  sent(message: ChatRecord): void;
  /** `playerId` changed whom they mute. */
  muted(playerId: string): void;
}

const OPERATION = 'sendChatMessage';

/** Whether `playerId` holds a seat in the game (from joining until leaving the lobby or being kicked). */
export function isSeated(state: GameState, playerId: string | null): boolean {
  return playerId !== null && seatOf(state, playerId) >= 0;
}

/** Whether a viewer may read the game's chat: anyone where spectators are allowed, else seated players. */
export function mayReadChat(state: GameState, viewerId: string | null): boolean {
  return tableOptions(state).allowSpectators || isSeated(state, viewerId);
}

/** The content of an input with text and emote as given: exactly one, the text as stored. */
export function chatContent(text: string | null | undefined, emote: Emote | null | undefined): ChatContent {
  const hasText = text !== null && text !== undefined;
  const hasEmote = emote !== null && emote !== undefined;
  if (hasText === hasEmote)
    throw new ChatInputError('give exactly one of text and emote', hasText ? 'emote' : 'text');
  if (hasEmote) return { emote };
  const checked = checkChatText(text!);
  if ('error' in checked) throw new ChatInputError(checked.error, 'text');
  return { text: checked.text };
}

export class ChatService {
  constructor(
    private readonly store: ChatRepository,
    private readonly games: ChatGames,
    private readonly idempotency: IdempotencyRecords,
    /** Told of each appended message and mute change after its commit (the chat feeds, on every process). */
    private readonly announce: ChatAnnouncer,
  ) {}

  /** Sends `content` as `playerId` to the game, by the rules of the table chat. */
  async send(
    playerId: string,
    gameId: string,
    content: ChatContent,
    options: SendOptions,
  ): Promise<SendOutcome> {
    if (options.idempotencyKey) {
      const replay = await this.replay(playerId, options.idempotencyKey, options.requestHash);
      if (replay) return replay;
    }
    const state = await this.games.load(gameId);
    if (!state) return { kind: 'not_found' };
    const refusal = this.refusal(state, playerId, content);
    if (refusal) {
      if (options.idempotencyKey) {
        const recorded = await this.idempotency.recordRefusal({
          playerId,
          key: options.idempotencyKey,
          operation: OPERATION,
          response: { requestHash: options.requestHash, gameId, version: null, error: refusal },
        });
        if (!recorded) return (await this.replay(playerId, options.idempotencyKey, options.requestHash))!;
      }
      return { kind: 'refused', error: refusal };
    }
    const seat = seatOf(state, playerId);
    const result = await this.store.append(
      {
        gameId,
        authorId: playerId,
        seat: seat >= 0 ? seat : null,
        text: content.text ?? null,
        emote: content.emote ?? null,
      },
      { max: CHAT_RATE_MAX, windowMs: CHAT_RATE_WINDOW_MS },
      options.idempotencyKey
        ? {
            playerId,
            key: options.idempotencyKey,
            operation: OPERATION,
            response: { requestHash: options.requestHash, gameId, version: null, error: null },
          }
        : null,
    );
    switch (result.kind) {
      case 'limited':
        return {
          kind: 'rate_limited',
          retryAfterSeconds: Math.max(1, Math.ceil(result.retryAfterMs / 1000)),
        };
      case 'key_taken':
        return (await this.replay(playerId, options.idempotencyKey!, options.requestHash))!;
      case 'appended':
        this.announce.sent(result.message);
        return { kind: 'sent', message: result.message };
    }
  }

  /** Why `playerId` may not send `content` now, first match wins; null when they may. */
  refusal(state: GameState, playerId: string, content: ChatContent): ChatRefusal | null {
    if (tableLinks(state).kicked.includes(playerId)) {
      return { code: 'KICKED', message: 'the host removed you from this game: you cannot chat in it' };
    }
    if (state.status === 'CANCELLED') {
      return { code: 'GAME_NOT_IN_PROGRESS', message: 'the game was cancelled: its chat is closed' };
    }
    const options = tableOptions(state);
    if (!isSeated(state, playerId) && !options.allowSpectators) {
      return {
        code: 'SPECTATORS_NOT_ALLOWED',
        message: 'this game allows no spectators: only its seated players may chat',
      };
    }
    if (content.text !== undefined && !options.chat) {
      return {
        code: 'CHAT_DISABLED',
        message: 'this game has chat off: send an emote instead',
        field: ['text'],
      };
    }
    return null;
  }

  /** The answer to a retry of a recorded key, or null when the key has no live record. */
  private async replay(playerId: string, key: string, requestHash: string): Promise<SendOutcome | null> {
    const record = await this.idempotency.find(playerId, key);
    if (!record) return null;
    const { operation, response } = record;
    if (operation !== OPERATION || response.requestHash !== requestHash) {
      return {
        kind: 'refused',
        error: {
          code: 'IDEMPOTENCY_KEY_REUSED',
          message: `this idempotencyKey was already used for another request (${operation}); use a new key`,
          field: ['idempotencyKey'],
        },
      };
    }
    if (response.error) return { kind: 'refused', error: response.error as ChatRefusal };
    const message = await this.store.one(response.gameId!, response.version!);
    return message ? { kind: 'sent', message } : { kind: 'not_found' };
  }

  /** A page of the game's chat as the viewer may read it (empty when they may not read it). */
  async page(state: GameState, gameId: string, viewerId: string | null, afterSeq: number, first: number) {
    if (!mayReadChat(state, viewerId)) return [];
    return this.store.page(gameId, afterSeq, first, viewerId);
  }

  /** One message as the viewer may read it: null when it does not exist, is hidden to them or muted. */
  async one(gameId: string, seq: number, viewerId: string | null): Promise<ChatRecord | null> {
    const state = await this.games.load(gameId);
    if (!state || !mayReadChat(state, viewerId)) return null;
    const message = await this.store.one(gameId, seq);
    if (!message) return null;
    if (viewerId && (await this.store.mutes(viewerId, message.authorId))) return null;
    return message;
  }

  /** Sets whether `playerId` mutes `mutedId`; false when `mutedId` is no player. */
  async mute(playerId: string, mutedId: string, muted: boolean): Promise<boolean> {
    if (playerId === mutedId) throw new ChatInputError('you cannot mute yourself', 'playerId');
    const found = await this.store.setMute(playerId, mutedId, muted);
    if (found) this.announce.muted(playerId);
    return found;
  }
}
