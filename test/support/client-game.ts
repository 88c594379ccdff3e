// What the @perudo/client tests share: a player that plays a LiveGame's turns and counts what it did, the
// game's log as the server keeps it.
import type { TypedDocumentNode } from '@graphql-typed-document-node/core';
import { parse } from 'graphql';
import type { GameResult, GameState, LiveGame, PerudoClient } from '@perudo/client';

/** What one player's LiveGame delivered and what its moves came to. */
export interface Tally {
  /** The seq of every event the LiveGame delivered, in the order delivered. */
  readonly seqs: number[];
  /** Rounds verified. */
  readonly verified: number[];
  /** Bids, dudos and exacts answered with no userErrors. */
  moves: number;
  /** The codes of moves refused (userErrors), and moves that threw. */
  readonly refused: string[];
  readonly thrown: unknown[];
}

export interface PlayOptions {
  /** Called just before each move of the player's `turn` (1, 2, …) is sent; the move waits for it. */
  readonly beforeMove?: (game: GameState, turn: number) => void | Promise<void>;
}

/**
 * Plays every turn of the viewer: the smallest legal bid on the face held most, or dudo when that bid needs
 * more than one die beyond its own.
 */
export function playTurns(live: LiveGame, options: PlayOptions = {}): Tally {
  const tally: Tally = { seqs: [], verified: [], moves: 0, refused: [], thrown: [] };
  let turns = 0;
  live.on('event', (event) => tally.seqs.push(event.seq));
  live.on('verified', (round) => tally.verified.push(round));
  live.on('turn', (game) => {
    const legal = game.legalActions!;
    const mine = game.seats.find((s) => s.position === game.viewerSeat!.position)!.dice ?? [];
    const held = (face: number): number => mine.filter((d) => d === face || d === 1).length;
    const [best] = [...legal.minBids].sort(
      (a, b) => held(b.face) - held(a.face) || a.minQuantity - b.minQuantity,
    );
    const call = legal.canDudo && (!best || best.minQuantity > held(best.face) + 1);
    const turn = ++turns;
    void (async () => {
      await options.beforeMove?.(game, turn);
      const result: GameResult = await (call || !best ? live.dudo() : live.bid(best.minQuantity, best.face));
      if (result.userErrors.length === 0) tally.moves++;
      else tally.refused.push(...result.userErrors.map((e) => e.code));
    })().catch((error: unknown) => tally.thrown.push(error));
  });
  return tally;
}

interface LogQuery {
  game: {
    lastEventSeq: number;
    events: { seq: number; type: string; seat: { position: number } | null }[];
  } | null;
}

const LOG: TypedDocumentNode<LogQuery, { id: string; afterSeq: number }> = parse(`
  query Log($id: ID!, $afterSeq: Int!) {
    game(id: $id) {
      lastEventSeq
      events(afterSeq: $afterSeq, first: 500) {
        seq
        type
        seat {
          position
        }
      }
    }
  }
`);

const MOVES = new Set(['BID_PLACED', 'DUDO_CALLED', 'EXACT_CALLED']);

/** The game's log as the server keeps it: every seq, and the bids/dudos/exacts of each seat position. */
export async function serverLog(
  client: PerudoClient,
  gameId: string,
): Promise<{ seqs: number[]; movesBySeat: Map<number, number>; types: string[] }> {
  const seqs: number[] = [];
  const types: string[] = [];
  const movesBySeat = new Map<number, number>();
  for (;;) {
    const { game } = await client.request(LOG, { id: gameId, afterSeq: seqs.at(-1) ?? 0 });
    if (!game) throw new Error(`game ${gameId} not found`);
    for (const event of game.events) {
      seqs.push(event.seq);
      types.push(event.type);
      if (MOVES.has(event.type) && event.seat) {
        movesBySeat.set(event.seat.position, (movesBySeat.get(event.seat.position) ?? 0) + 1);
      }
    }
    if (game.events.length === 0 || seqs.at(-1)! >= game.lastEventSeq) return { seqs, movesBySeat, types };
  }
}

/** 1, 2, …, n. */
export function oneTo(n: number): number[] {
  return Array.from({ length: n }, (_, i) => i + 1);
}
