// What only the hardening tests share: a spectator's full reading of a game, a bot that makes legal moves,
// checks of a game's stored event log, and an embedded PostgreSQL that can be stopped and started again.
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { replay, type GameEvent } from '../../src/engine';
import { GAME_ROW_SNAPSHOT_EVERY } from '../../src/store/event-log';
import { dataOf, gql, playView, type Player, type PlayView } from '../support/graphql-client';
import { PROJECT_ROOT, tsBoot } from '../support/server-launcher';
import { keyOf, sql } from '../support/sql';

// ---------------------------------------------------------------------------------------------------------
// A game as a spectator reads it

const BID = 'seq quantity face at seat { position }';
const ROUND = `id number palifico palificoSeat { position } starter { position } turn { position } ended voided
  startedAt endedAt bids { ${BID} }
  outcome { kind caller { position } bid { ${BID} } actualCount loser { position } gainer { position } }
  reveal { seat { position } dice }`;

/** Everything a spectator can read of a game, rounds included: two equal readings mean an unchanged game. */
export const PUBLIC_GAME_FIELDS = `
  id name status version lastEventSeq maxPlayers createdAt startedAt finishedAt
  rules { preset startingDice maxDice minPlayers maxPlayers raise wildAces openingAces firstStarter nextStarter
          palifico palificoMinPlayers palificoVeteransMayChangeFace exact exactCaller exactMinPlayers
          exactInPalifico exactRequiresBelowMax }
  host { id name }
  seats { position diceCount eliminated left hasBeenPalifico dice player { id name } }
  turn { position } viewerSeat { position } winner { id name } legalActions { canBid }
  currentRound { ${ROUND} }
  rounds(first: 100) { totalCount nodes { ${ROUND} } }
  rollOff { attempt value seat { position } }`;

export interface PublicGame {
  id: string;
  status: PlayView['status'];
  version: number;
  lastEventSeq: number;
  [field: string]: unknown;
}

/** The game as an anonymous spectator reads it, or null when there is no such game. */
export async function publicGame(url: string, gameId: string): Promise<PublicGame | null> {
  const data = dataOf(
    await gql<{ game: PublicGame | null }>(
      url,
      `query($id: ID!) { game(id: $id) { ${PUBLIC_GAME_FIELDS} } }`,
      {
        id: gameId,
      },
    ),
  );
  return data.game;
}

// ---------------------------------------------------------------------------------------------------------
// The bot

export interface Move {
  player: Player;
  name: 'placeBid' | 'callDudo';
  input: Record<string, unknown>;
}

/**
 * The next legal move of a game in play, decided from what the player whose turn it is sees: the smallest
 * legal bid while fewer than `bidsPerRound` bids are on the table, then dudo. Pins expectedVersion.
 */
export async function nextMove(
  url: string,
  gameId: string,
  players: readonly Player[],
  bidsPerRound = 2,
): Promise<Move> {
  const anyView = await playView(url, gameId, players[0]!);
  if (anyView.status !== 'IN_PROGRESS' || !anyView.turn)
    throw new Error(`game ${gameId} is ${anyView.status}`);
  const id = anyView.seats[anyView.turn.position]!.player.id;
  const player = players.find((p) => p.id === id);
  if (!player) throw new Error(`seat ${anyView.turn.position} is not one of the players`);
  const view = await playView(url, gameId, player);
  const actions = view.legalActions!;
  const bids = view.currentRound!.bids.length;
  const bid = actions.minBids[0];
  if (actions.canBid && bid && (bids < bidsPerRound || !actions.canDudo)) {
    return {
      player,
      name: 'placeBid',
      input: { gameId, quantity: bid.minQuantity, face: bid.face, expectedVersion: view.version },
    };
  }
  if (!actions.canDudo) throw new Error(`seat ${view.turn!.position} can neither bid nor call dudo`);
  return { player, name: 'callDudo', input: { gameId, expectedVersion: view.version } };
}

// ---------------------------------------------------------------------------------------------------------
// The stored log

export interface CheckedLog {
  events: GameEvent[];
  version: number;
  status: string;
}

/**
 * Checks that a game's log is whole: seq runs 1..n without gaps or repeats, the versions it records run
 * 1..game.version without gaps (several events may share one accepted change), and replaying the log up to
 * the stored snapshot's version gives exactly that snapshot, which is less than GAME_ROW_SNAPSHOT_EVERY
 * versions old.
 */
export async function checkLog(databaseUrl: string, globalId: string): Promise<CheckedLog> {
  const gameId = keyOf(globalId);
  const [game] = await sql<{ version: number; status: string; state: unknown; state_version: number }>(
    databaseUrl,
    'SELECT version, status::text AS status, state, state_version FROM games WHERE id = $1',
    [gameId],
  );
  if (!game) throw new Error(`game ${gameId} is not stored`);
  const rows = await sql<{ seq: number; version: number; type: string; payload: object; at: Date }>(
    databaseUrl,
    'SELECT seq, version, type, payload, at FROM game_events WHERE game_id = $1 ORDER BY seq, id',
    [gameId],
  );
  const seqs = rows.map((r) => r.seq);
  expectSame(
    seqs,
    rows.map((_, i) => i + 1),
    'event seqs',
  );
  const versions = [...new Set(rows.map((r) => r.version))];
  expectSame(
    versions,
    versions.map((_, i) => i + 1),
    'event versions',
  );
  expectSame(versions.length, game.version, 'last event version');
  const events = rows.map(
    (r) =>
      ({ ...r.payload, seq: r.seq, version: r.version, type: r.type, at: r.at.toISOString() }) as GameEvent,
  );
  // The stored snapshot is the state at state_version: the log up to it must replay to it exactly.
  const snapshotLog = events.filter((e) => e.version <= game.state_version);
  expectSame(JSON.parse(JSON.stringify(replay(snapshotLog))), game.state, 'replayed snapshot');
  expectSame(
    game.version - game.state_version < GAME_ROW_SNAPSHOT_EVERY && game.state_version <= game.version,
    true,
    'snapshot age',
  );
  return { events, version: game.version, status: game.status };
}

/** JSON with every object's keys sorted (jsonb keeps its own key order). */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v,
  );
}

function expectSame(actual: unknown, expected: unknown, what: string): void {
  if (canonical(actual) !== canonical(expected)) {
    throw new Error(`${what}: expected ${JSON.stringify(expected)}, got ${JSON.stringify(actual)}`);
  }
}

// ---------------------------------------------------------------------------------------------------------
// An embedded PostgreSQL that can be stopped and started again

/** Drives test/hardening/embedded-postgres.process.ts: one PostgreSQL cluster on `dataDir`, same port throughout. */
export class EmbeddedPostgresProcess {
  private buffered = '';
  private waiting: ((line: string) => void)[] = [];
  private lines: string[] = [];

  private constructor(
    private readonly child: ChildProcess,
    private readonly exited: Promise<unknown>,
  ) {
    child.stdout!.on('data', (chunk: Buffer) => {
      this.buffered += chunk.toString();
      let end: number;
      while ((end = this.buffered.indexOf('\n')) >= 0) {
        const line = this.buffered.slice(0, end);
        this.buffered = this.buffered.slice(end + 1);
        const waiter = this.waiting.shift();
        if (waiter) waiter(line);
        else this.lines.push(line);
      }
    });
  }

  static spawn(dataDir: string): EmbeddedPostgresProcess {
    const script = path.join(__dirname, 'embedded-postgres.process.ts');
    const child = spawn(process.execPath, ['-e', tsBoot(script), dataDir], {
      cwd: PROJECT_ROOT,
      stdio: ['pipe', 'pipe', 'inherit'],
    });
    const exited = new Promise((resolve) => child.once('exit', resolve));
    return new EmbeddedPostgresProcess(child, exited);
  }

  private command(command: string): Promise<string> {
    const line = new Promise<string>((resolve) => {
      const ready = this.lines.shift();
      if (ready !== undefined) resolve(ready);
      else this.waiting.push(resolve);
    });
    this.child.stdin!.write(`${command}\n`);
    return line;
  }

  /** Starts the server; resolves with its URL. */
  async start(): Promise<string> {
    const line = await this.command('start');
    if (!line.startsWith('started ')) throw new Error(`embedded PostgreSQL: ${line}`);
    return line.slice('started '.length);
  }

  async stop(): Promise<void> {
    const line = await this.command('stop');
    if (line !== 'stopped') throw new Error(`embedded PostgreSQL: ${line}`);
  }

  /** Stops the server (if running) and ends the process. */
  async close(): Promise<void> {
    this.child.stdin!.end();
    await this.exited;
  }
}
