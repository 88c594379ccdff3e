// What the chat tests share: the chat operations over HTTP and WebSocket.
import { gql, type GqlResponse, type Player, type UserErrorData } from '../support/graphql-client';
import { Subscription, type WsConnection } from '../support/ws-client';

export const MESSAGE_FIELDS = `id seq text emote at author { id name } seat { position }`;

export interface MessageData {
  id: string;
  seq: number;
  text: string | null;
  emote: string | null;
  at: string;
  author: { id: string; name: string };
  seat: { position: number } | null;
}

export interface ChatPayload {
  message: MessageData | null;
  userErrors: UserErrorData[];
  clientMutationId: string | null;
}

export function sendChat(
  url: string,
  input: Record<string, unknown>,
  player?: Player | null,
): Promise<GqlResponse<{ sendChatMessage: ChatPayload }>> {
  return gql<{ sendChatMessage: ChatPayload }>(
    url,
    `mutation($input: ChatMessageInput!) {
       sendChatMessage(input: $input) { message { ${MESSAGE_FIELDS} } userErrors { code message field } clientMutationId }
     }`,
    { input },
    player?.token,
  );
}

/** Sends a message that must be accepted; returns it. */
export async function sent(
  url: string,
  input: Record<string, unknown>,
  player: Player,
): Promise<MessageData> {
  const reply = await sendChat(url, input, player);
  const payload = reply.body.data?.sendChatMessage;
  if (!payload?.message) throw new Error(`sendChatMessage was refused: ${reply.text}`);
  return payload.message;
}

export async function chatOf(
  url: string,
  gameId: string,
  viewer?: Player | null,
  args: { afterSeq?: number; first?: number } = {},
): Promise<MessageData[]> {
  const reply = await gql<{ game: { chat: MessageData[] } }>(
    url,
    `query($id: ID!, $afterSeq: Int, $first: Int) { game(id: $id) { chat(afterSeq: $afterSeq, first: $first) { ${MESSAGE_FIELDS} } } }`,
    { id: gameId, afterSeq: args.afterSeq ?? 0, first: args.first ?? 100 },
    viewer?.token,
  );
  if (!reply.body.data?.game) throw new Error(`no game: ${reply.text}`);
  return reply.body.data.game.chat;
}

export function mute(url: string, player: Player | null, playerId: string, muted = true) {
  return gql<{ mutePlayer: { player: { id: string } | null; muted: boolean; userErrors: UserErrorData[] } }>(
    url,
    `mutation($input: MutePlayerInput!) { mutePlayer(input: $input) { player { id } muted userErrors { code } clientMutationId } }`,
    { input: { playerId, muted } },
    player?.token,
  );
}

export const GAME_CHAT = `subscription($gameId: ID!, $afterSeq: Int) {
  gameChat(gameId: $gameId, afterSeq: $afterSeq) { ${MESSAGE_FIELDS} }
}`;

export function subscribeChat(
  conn: WsConnection,
  gameId: string,
  afterSeq?: number | null,
): Subscription<MessageData> {
  const variables: Record<string, unknown> = { gameId };
  if (afterSeq !== undefined) variables.afterSeq = afterSeq;
  return new Subscription<MessageData>(conn.client, GAME_CHAT, variables, 'gameChat');
}

export function untilChatSeq(sub: Subscription<MessageData>, seq: number, timeoutMs = 10_000): Promise<void> {
  return sub.until(
    (s) => s.items.some((m) => m.seq >= seq) || s.errors.length > 0,
    timeoutMs,
    `chat message ${seq}`,
  );
}

export function codesOf(reply: { body: { errors?: readonly { extensions?: Record<string, unknown> }[] } }) {
  return (reply.body.errors ?? []).map((e) => e.extensions?.code);
}
