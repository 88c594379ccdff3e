import type { GameEvent, GameState } from '../engine';
import type { Prisma } from '../generated/prisma/client';

type Tx = Prisma.TransactionClient;

function json(value: unknown): Prisma.InputJsonValue {
  return value as Prisma.InputJsonValue;
}

function playerAt(state: GameState, seat: number | null): string | null {
  return seat === null ? null : state.seats[seat]!.playerId;
}

/**
 * Writes what one accepted action changed: the game row and its snapshot, the events, and the relational
 * history (seats, rounds, bids) that history queries read.
 */
export async function writeTransition(
  tx: Tx,
  gameId: string,
  before: GameState | null,
  after: GameState,
  events: readonly GameEvent[],
): Promise<void> {
  const gameData = {
    status: after.status,
    hostId: after.host,
    version: after.version,
    state: json(after),
    winnerId: playerAt(after, after.winner),
    startedAt: after.startedAt ? new Date(after.startedAt) : null,
    finishedAt: after.finishedAt ? new Date(after.finishedAt) : null,
  };
  if (before === null) {
    await tx.game.create({
      data: {
        id: gameId,
        name: after.name,
        preset: after.rules.preset,
        rules: json(after.rules),
        maxPlayers: after.maxPlayers,
        createdAt: new Date(after.createdAt),
        ...gameData,
      },
    });
  } else {
    await tx.game.update({ where: { id: gameId }, data: gameData });
  }
  await tx.gameEvent.createMany({
    data: events.map((e) => {
      const { seq, version, at, type, ...payload } = e;
      return { gameId, seq, version, type, at: new Date(at), payload: json(payload) };
    }),
  });
  await writeSeats(tx, gameId, before, after, events);
  for (const e of events) {
    if (e.type === 'ROUND_STARTED') {
      await tx.round.create({
        data: {
          gameId,
          number: e.number,
          starterPosition: e.starter,
          palificoPosition: e.palificoSeat,
          dice: json(e.dice),
          startedAt: new Date(e.at),
        },
      });
    } else if (e.type === 'BID_PLACED') {
      const roundNumber = after.rounds.find((r) => r.bids.some((b) => b.seq === e.seq))!.number;
      await tx.bid.create({
        data: {
          gameId,
          roundNumber,
          seq: e.seq,
          position: e.seat,
          quantity: e.quantity,
          face: e.face,
          at: new Date(e.at),
        },
      });
    } else if (e.type === 'ROUND_ENDED') {
      const o = e.outcome;
      await tx.round.update({
        where: { gameId_number: { gameId, number: e.number } },
        data: {
          endedAt: new Date(e.at),
          voided: o === null,
          outcomeKind: o?.kind ?? null,
          callerPosition: o?.caller ?? null,
          bidQuantity: o?.bid.quantity ?? null,
          bidFace: o?.bid.face ?? null,
          bidderPosition: o?.bid.seat ?? null,
          actualCount: o?.actualCount ?? null,
          loserPosition: o?.loser ?? null,
          gainerPosition: o?.gainer ?? null,
        },
      });
    }
  }
}

async function writeSeats(
  tx: Tx,
  gameId: string,
  before: GameState | null,
  after: GameState,
  events: readonly GameEvent[],
): Promise<void> {
  const lobbyChange = events.some(
    (e) => e.type === 'PLAYER_JOINED' || (e.type === 'PLAYER_LEFT' && e.phase === 'LOBBY'),
  );
  const eliminated = (i: number) => after.status !== 'LOBBY' && after.seats[i]!.diceCount === 0;
  if (lobbyChange) {
    // Seats move up when one is freed in the lobby: rewriting them keeps (game, position) unique.
    await tx.seat.deleteMany({ where: { gameId } });
    await tx.seat.createMany({
      data: after.seats.map((s, position) => ({
        gameId,
        position,
        playerId: s.playerId,
        diceCount: s.diceCount,
        eliminated: eliminated(position),
        hasBeenPalifico: s.hasBeenPalifico,
      })),
    });
    return;
  }
  const at = events[0] ? new Date(events[0].at) : new Date();
  for (let position = 0; position < after.seats.length; position++) {
    const s = after.seats[position]!;
    const b = before?.seats[position];
    if (b && b.diceCount === s.diceCount && b.hasBeenPalifico === s.hasBeenPalifico && b.left === s.left)
      continue;
    await tx.seat.update({
      where: { gameId_position: { gameId, position } },
      data: {
        diceCount: s.diceCount,
        eliminated: eliminated(position),
        hasBeenPalifico: s.hasBeenPalifico,
        ...(s.left && !b?.left ? { leftAt: at } : {}),
      },
    });
  }
}
