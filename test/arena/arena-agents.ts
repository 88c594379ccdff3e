// Agents for the arena tests: accounts made agents in the database, arenaJoin, and a loop that plays legal moves.
import { gql, mutate, playView, registerPlayer, type Player } from '../support/graphql-client';
import { keyOf, sql } from '../support/sql';
import { sleep } from '../support/timing';

/** A player registered through the API and made an agent of `owner` (its owner_id set). */
export async function registerAgent(url: string, databaseUrl: string, name: string, owner: Player) {
  const agent = await registerPlayer(url, name);
  await sql(databaseUrl, 'UPDATE players SET owner_id = $2 WHERE id = $1', [
    keyOf(agent.id, 'Player'),
    keyOf(owner.id, 'Player'),
  ]);
  return agent;
}

export interface ArenaGame {
  id: string;
  status: string;
  arena: boolean;
  rated: boolean;
  maxPlayers: number;
  turnSeconds: number | null;
  timeoutsToForfeit: number;
  seats: {
    position: number;
    player: { id: string; name: string; isBot: boolean; botLevel: string | null };
  }[];
}

export const ARENA_GAME_FIELDS = `id status arena rated maxPlayers turnSeconds timeoutsToForfeit
  seats { position player { id name isBot botLevel } }`;

export interface ArenaReply {
  game: ArenaGame | null;
  userErrors: { code: string; message: string; field: string[] | null }[];
  clientMutationId: string | null;
}

/** arenaJoin as `player`: the whole reply (errors and data). */
export function arenaJoinReply(url: string, player: Player, input: object) {
  return gql<{ arenaJoin: ArenaReply }>(
    url,
    `mutation($input: ArenaJoinInput!) {
       arenaJoin(input: $input) { game { ${ARENA_GAME_FIELDS} } userErrors { code message field } clientMutationId }
     }`,
    { input },
    player.token,
  );
}

/** arenaJoin as `player`, which must be accepted: the table it sits at. */
export async function arenaJoin(url: string, player: Player, input: object): Promise<ArenaGame> {
  const reply = await arenaJoinReply(url, player, input);
  const payload = reply.body.data?.arenaJoin;
  if (!payload?.game || payload.userErrors.length > 0) throw new Error(`arenaJoin refused: ${reply.text}`);
  return payload.game;
}

/**
 * Plays `agent`'s turns in a game until it is over (FINISHED or CANCELLED): the lowest legal bid of the first
 * face, or dudo once the round has two bids. Resolves to the last status seen.
 */
export async function playArenaGame(url: string, agent: Player, gameId: string, timeoutMs = 240_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const view = await playView(url, gameId, agent);
    if (view.status === 'FINISHED' || view.status === 'CANCELLED') return view.status;
    if (Date.now() > deadline) throw new Error(`game ${gameId} still ${view.status}`);
    const mine = view.seats.find((s) => s.player.id === agent.id);
    const legal = view.legalActions;
    if (view.status === 'IN_PROGRESS' && mine && view.turn?.position === mine.position && legal) {
      const bids = view.currentRound?.bids.length ?? 0;
      const base = { gameId, expectedVersion: view.version };
      if (legal.canDudo && (bids >= 2 || !legal.canBid)) {
        await mutate(url, 'callDudo', base, agent.token);
      } else if (legal.canBid && legal.minBids.length > 0) {
        const bid = legal.minBids.find((b) => b.face !== 1) ?? legal.minBids[0]!;
        await mutate(url, 'placeBid', { ...base, quantity: bid.minQuantity, face: bid.face }, agent.token);
      }
      continue;
    }
    await sleep(100);
  }
}
