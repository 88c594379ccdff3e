// Opaque global IDs of Nodes, and their decoding.
/** Opaque global IDs (`Node`): base64url of "Type:key", stable across restarts. */
export type NodeType =
  'Game' | 'Player' | 'Round' | 'ChatMessage' | 'Seat' | 'Webhook' | 'WebhookDelivery' | 'Challenge';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export function toGlobalId(type: NodeType, key: string): string {
  return Buffer.from(`${type}:${key}`, 'utf8').toString('base64url');
}

export function gameGlobalId(gameId: string): string {
  return toGlobalId('Game', gameId);
}

export function playerGlobalId(playerId: string): string {
  return toGlobalId('Player', playerId);
}

export function roundGlobalId(gameId: string, number: number): string {
  return toGlobalId('Round', `${gameId}:${number}`);
}

export function chatMessageGlobalId(gameId: string, seq: number): string {
  return toGlobalId('ChatMessage', `${gameId}:${seq}`);
}

/** A seat: stable for (game, player), whatever its position (positions move up in the lobby). */
export function seatGlobalId(gameId: string, playerId: string): string {
  return toGlobalId('Seat', `${gameId}:${playerId}`);
}

export function challengeGlobalId(challengeId: string): string {
  return toGlobalId('Challenge', challengeId);
}

export type DecodedId =
  | { type: 'Game'; gameId: string }
  | { type: 'Player'; playerId: string }
  | { type: 'Round'; gameId: string; number: number }
  | { type: 'ChatMessage'; gameId: string; seq: number }
  | { type: 'Seat'; gameId: string; playerId: string }
  | { type: 'Webhook'; webhookId: string }
  | { type: 'WebhookDelivery'; deliveryId: string }
  | { type: 'Challenge'; challengeId: string };

/** Decodes a global ID, or null when it is not one this server issued. */
export function fromGlobalId(id: string): DecodedId | null {
  if (typeof id !== 'string' || id.length === 0 || id.length > 200 || !/^[A-Za-z0-9_-]+$/.test(id))
    return null;
  const raw = Buffer.from(id, 'base64url').toString('utf8');
  const colon = raw.indexOf(':');
  if (colon < 0) return null;
  const type = raw.slice(0, colon);
  const key = raw.slice(colon + 1);
  if (type === 'Game' && UUID.test(key)) return { type, gameId: key };
  if (type === 'Player' && UUID.test(key)) return { type, playerId: key };
  if (type === 'Webhook' && UUID.test(key)) return { type, webhookId: key };
  if (type === 'WebhookDelivery' && UUID.test(key)) return { type, deliveryId: key };
  if (type === 'Challenge' && UUID.test(key)) return { type, challengeId: key };
  if (type === 'Round') {
    const m = /^([0-9a-f-]{36}):([1-9][0-9]{0,5})$/.exec(key);
    if (m && UUID.test(m[1]!)) return { type, gameId: m[1]!, number: Number(m[2]) };
  }
  if (type === 'ChatMessage') {
    const m = /^([0-9a-f-]{36}):([1-9][0-9]{0,9})$/.exec(key);
    if (m && UUID.test(m[1]!) && Number(m[2]) <= 2_147_483_647)
      return { type, gameId: m[1]!, seq: Number(m[2]) };
  }
  if (type === 'Seat') {
    const [gameId, playerId, ...rest] = key.split(':');
    if (rest.length === 0 && gameId && playerId && UUID.test(gameId) && UUID.test(playerId))
      return { type, gameId, playerId };
  }
  return null;
}
