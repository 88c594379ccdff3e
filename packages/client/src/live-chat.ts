// A game's chat kept live: every message once, in seq order, resumed after a disconnect from the last seq.
import { Emitter } from './emitter.js';
import type { PerudoError, UserError } from './errors.js';
import type { ChatMessageFieldsFragment, Emote } from './gql/graphql.js';
import { GameChatDocument, SendChatMessageDocument } from './gql/graphql.js';
import type { Stream } from './stream.js';
import type { ClientCore } from './client-core.js';

/** One message of a game's chat. */
export type ChatMessage = ChatMessageFieldsFragment;

/** What a live chat tells its listeners. */
export interface LiveChatEvents {
  /** A message, once, in seq order. */
  message: (message: ChatMessage) => void;
  /** The chat's stream ended for good (the game is no longer readable, the server unreachable). */
  error: (error: PerudoError) => void;
}

/** A game's chat kept live (from {@link PerudoClient.chat}): every message once, in seq order. */
export class LiveChat extends Emitter<LiveChatEvents> {
  /** The messages received, in seq order. */
  readonly messages: ChatMessage[] = [];
  /** The seq of the last message received. */
  lastSeq: number;
  private readonly stream: Stream;

  /** @internal Made by {@link PerudoClient.chat}. */
  constructor(
    private readonly core: ClientCore,
    /** The game whose chat this is. */
    readonly gameId: string,
    options: { afterSeq?: number; signal?: AbortSignal } = {},
  ) {
    super();
    this.lastSeq = options.afterSeq ?? 0;
    this.stream = core.follow(GameChatDocument, 'gameChat', {
      variables: () => ({ gameId, afterSeq: this.lastSeq }),
      next: ({ gameChat }) => {
        if (gameChat.seq <= this.lastSeq) return;
        this.lastSeq = gameChat.seq;
        this.messages.push(gameChat);
        this.emit('message', gameChat);
      },
      failed: (error) => this.emit('error', error),
    });
    options.signal?.addEventListener('abort', () => this.close(), { once: true });
  }

  /** Sends a text or an emote; the refusals, if any (the message arrives on the stream). */
  async send(message: { text: string } | { emote: Emote }): Promise<readonly UserError[]> {
    const { sendChatMessage } = await this.core.transport.execute(
      SendChatMessageDocument,
      { input: { gameId: this.gameId, ...message } },
      { signal: this.core.signal },
    );
    return sendChatMessage.userErrors;
  }

  /** Ends the chat's stream and removes every listener. */
  close(): void {
    this.stream.close();
    this.removeAllListeners();
  }
}
