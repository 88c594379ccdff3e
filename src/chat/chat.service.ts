// The table chat's use case: who may send and read, the text rules, the rate, idempotent retries, mutes.
import { keptOutOf, seatOf, tableLinks, tableOptions, type GameState } from '../engine';
import type { ChatBounds, ChatRecord, ChatRepository } from './chat.repository';
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
/** Accepted messages one player may send across all games within CHAT_PLAYER_RATE_WINDOW_MS. */
export const CHAT_PLAYER_RATE_MAX = 20;
export const CHAT_PLAYER_RATE_WINDOW_MS = 60_000;
/** Messages a game's chat keeps at most; it takes no more after. */
export const CHAT_MAX_MESSAGES = 2_000;
/** How long a game's chat stays open after the game finishes (ms). */
export const CHAT_OPEN_AFTER_FINISH_MS = 10 * 60_000;

const BOUNDS: ChatBounds = {
  perGame: { max: CHAT_RATE_MAX, windowMs: CHAT_RATE_WINDOW_MS },
  perAuthor: { max: CHAT_PLAYER_RATE_MAX, windowMs: CHAT_PLAYER_RATE_WINDOW_MS },
  maxMessages: CHAT_MAX_MESSAGES,
  openAfterFinishMs: CHAT_OPEN_AFTER_FINISH_MS,
};

/** The codes a chat message may be refused with (userErrors). */
export type ChatRefusalCode =
  | 'KICKED'
  | 'GAME_NOT_IN_PROGRESS'
  | 'SPECTATORS_NOT_ALLOWED'
  | 'CHAT_DISABLED'
  | 'CHAT_CLOSED'
  | 'IDEMPOTENCY_KEY_REUSED';

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
  /** Over the rate in the game, or (`acrossGames`) over the player's rate across all games. */
  | { readonly kind: 'rate_limited'; readonly acrossGames: boolean; readonly retryAfterSeconds: number }
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

/**
 * Whether a reader's right to the game's chat can change while they follow it: a game open to spectators
 * keeps its chat open to all for its life; elsewhere a kick, leaving or the start can take it away.
 */
export function chatRightMayChange(state: GameState): boolean {
  return !tableOptions(state).allowSpectators;
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

function closedRefusal(why: 'full' | 'finished'): ChatRefusal {
  return {
    code: 'CHAT_CLOSED',
    message:
      why === 'full'
        ? `this game's chat holds ${CHAT_MAX_MESSAGES} messages, as many as a game keeps: it is closed`
        : `this game's chat closed ${CHAT_OPEN_AFTER_FINISH_MS / 60_000} minutes after the game finished`,
  };
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
    if (refusal) return this.refuse(playerId, gameId, refusal, options);
    const seat = seatOf(state, playerId);
    const result = await this.store.append(
      {
        gameId,
        authorId: playerId,
        seat: seat >= 0 ? seat : null,
        text: content.text ?? null,
        emote: content.emote ?? null,
      },
      BOUNDS,
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
          acrossGames: result.rate === 'perAuthor',
          retryAfterSeconds: Math.max(1, Math.ceil(result.retryAfterMs / 1000)),
        };
      case 'closed':
        return this.refuse(playerId, gameId, closedRefusal(result.why), options);
      case 'key_taken':
        return (await this.replay(playerId, options.idempotencyKey!, options.requestHash))!;
      case 'appended':
        this.announce.sent(result.message);
        return { kind: 'sent', message: result.message };
    }
  }

  /** The refusal, recorded under the request's idempotency key when it has one (a retry gets it again). */
  private async refuse(
    playerId: string,
    gameId: string,
    refusal: ChatRefusal,
    options: SendOptions,
  ): Promise<SendOutcome> {
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

  /** Why `playerId` may not send `content` now, first match wins; null when they may. */
  refusal(state: GameState, playerId: string, content: ChatContent): ChatRefusal | null {
    if (tableLinks(state).kicked.includes(playerId)) {
      return { code: 'KICKED', message: 'the host removed you from this game: you cannot chat in it' };
    }
    if (state.status === 'CANCELLED') {
      return { code: 'GAME_NOT_IN_PROGRESS', message: 'the game was cancelled: its chat is closed' };
    }
    const options = tableOptions(state);
    if (keptOutOf(state, playerId, 'chat')) {
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
    if (keptOutOf(state, viewerId, 'chat')) return [];
    return this.store.page(gameId, afterSeq, first, viewerId);
  }

  /** One message as the viewer may read it: null when it does not exist, is hidden to them or muted. */
  async one(gameId: string, seq: number, viewerId: string | null): Promise<ChatRecord | null> {
    const state = await this.games.load(gameId);
    if (!state || keptOutOf(state, viewerId, 'chat')) return null;
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
