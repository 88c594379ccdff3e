// The realtime tests' bot, which plays a game to its end through the public API, and the cross-process event check.
import {
  acceptedMutation,
  lobbyGame,
  playView,
  registerPlayer,
  type Player,
  type PlayView,
} from './graphql-client';
import { sleep } from './timing';
import {
  connect,
  eventFacts,
  range,
  seqsOf,
  subscribeEvents,
  untilSeq,
  type EventData,
  type Subscription,
} from './ws-client';

/**
 * Plays one move for the player whose turn it is, from the game as that player sees it (its dice and
 * legalActions): bids the smallest legal bid on the face it expects most of, or calls dudo when the last bid
 * looks unlikely. Returns the game after the move, as the mover sees it.
 */
export async function playOneMove(
  url: string,
  game: PlayView,
  players: readonly Player[],
): Promise<PlayView> {
  if (game.status !== 'IN_PROGRESS' || !game.turn) throw new Error(`no move in a game ${game.status}`);
  const seat = game.seats[game.turn.position]!;
  const player = players.find((p) => p.id === seat.player.id);
  if (!player) throw new Error(`seat ${seat.position} is not one of the players`);
  const view = await playView(url, game.id, player);
  const actions = view.legalActions!;
  const dice = view.seats[seat.position]!.dice!;
  const round = view.currentRound!;
  const acesWild = view.rules.wildAces && !round.palifico;
  const unknown = view.seats.reduce((n, s) => n + s.diceCount, 0) - dice.length;
  const expected = (face: number): number =>
    dice.filter((d) => d === face || (acesWild && face !== 1 && d === 1)).length +
    unknown * (acesWild && face !== 1 ? 1 / 3 : 1 / 6);
  const last = round.bids[round.bids.length - 1];
  let best: { face: number; minQuantity: number } | null = null;
  for (const option of actions.minBids) {
    if (!best || expected(option.face) - option.minQuantity > expected(best.face) - best.minQuantity)
      best = option;
  }
  const dudo =
    actions.canDudo &&
    (!best || !actions.canBid || (last !== undefined && last.quantity > expected(last.face) + 0.5));
  const base = { gameId: game.id, expectedVersion: view.version };
  const after = dudo
    ? await acceptedMutation(url, 'callDudo', player, base)
    : await acceptedMutation(url, 'placeBid', player, {
        ...base,
        quantity: best!.minQuantity,
        face: best!.face,
      });
  if (after.version !== view.version + 1) throw new Error(`version ${view.version} -> ${after.version}`);
  return after;
}

/**
 * Plays the game to its end. `beforeMove` runs before each move (it may pause the bot); returns the final
 * game as a spectator sees it.
 */
export async function playToEnd(
  url: string,
  gameId: string,
  players: readonly Player[],
  beforeMove?: (game: PlayView, moves: number) => Promise<void> | void,
): Promise<PlayView> {
  let game = await playView(url, gameId);
  for (let moves = 0; game.status === 'IN_PROGRESS'; moves++) {
    if (moves > 3_000) throw new Error('the game does not end');
    await beforeMove?.(game, moves);
    game = await playOneMove(url, game, players);
  }
  return playView(url, gameId);
}

// ---------------------------------------------------------------------------------------------------------
// The cross-process check

export interface Endpoint {
  readonly url: string;
  readonly wsUrl: string;
}

/**
 * Players act on `a` over HTTP; each player and two spectators follow the game on `b` over graphql-ws from
 * afterSeq 0. A full game is played: every subscriber gets every event exactly once, in seq order, each
 * move's events before the next move; and each stream equals the log read afterwards with afterSeq 0 by
 * the same viewer on `a`.
 */
export async function crossProcessGame(a: Endpoint, b: Endpoint): Promise<{ events: number }> {
  const players = await Promise.all(['Ana', 'Ben', 'Cleo'].map((n) => registerPlayer(a.url, n)));
  const lobby = await lobbyGame(a.url, players, { preset: 'PERUDO' });
  const live = [...players.map((p) => connect(b.wsUrl, p.token)), connect(b.wsUrl), connect(b.wsUrl)];
  const late = [...players.map((p) => connect(a.wsUrl, p.token)), connect(a.wsUrl), connect(b.wsUrl)];
  try {
    const subs = live.map((c) => subscribeEvents(c, lobby.id, 0));
    await Promise.all(subs.map((s) => untilSeq(s, lobby.lastEventSeq)));
    await acceptedMutation(a.url, 'startGame', players[0]!, { gameId: lobby.id });
    const final = await playToEnd(a.url, lobby.id, players, async (game) => {
      await Promise.all(subs.map((s) => untilSeq(s, game.lastEventSeq)));
      for (const s of subs) expect(s.items[s.items.length - 1]!.seq).toBe(game.lastEventSeq);
    });
    expect(final.status).toBe('FINISHED');
    const n = final.lastEventSeq;
    await Promise.all(subs.map((s) => untilSeq(s, n)));
    await sleep(300); // anything duplicated or late would arrive by now

    for (const s of subs) {
      expect(s.errors).toEqual([]);
      expect(seqsOf(s.items)).toEqual(range(1, n));
    }
    const publicPart = (e: EventData) => ({
      seq: e.seq,
      type: e.type,
      at: e.at,
      bid: e.bid,
      outcome: e.outcome,
    });
    for (const s of subs.slice(1)) expect(s.items.map(publicPart)).toEqual(subs[0]!.items.map(publicPart));
    const types = subs[0]!.items.map((e) => e.type);
    expect(types.slice(0, 5)).toEqual([
      'GAME_CREATED',
      'PLAYER_JOINED',
      'PLAYER_JOINED',
      'PLAYER_JOINED',
      'GAME_STARTED',
    ]);
    expect(types[n - 1]).toBe('GAME_FINISHED');
    expect(types.filter((t) => t === 'GAME_FINISHED')).toHaveLength(1);
    expect(subs[0]!.items[n - 1]!.game.winner).toEqual(final.winner);

    const replays = late.map((c) => subscribeEvents(c, lobby.id, 0));
    await Promise.all(replays.map((s) => untilSeq(s, n)));
    await sleep(100);
    const facts = (s: Subscription) => s.items.map(eventFacts);
    for (let i = 0; i < players.length; i++) expect(facts(subs[i]!)).toEqual(facts(replays[i]!));
    for (const spectator of subs.slice(players.length)) {
      expect(facts(spectator)).toEqual(facts(replays[players.length]!));
      expect(facts(spectator)).toEqual(facts(replays[players.length + 1]!));
    }
    // A replay shows the newest game the stream knows: the finished one.
    for (const r of replays) for (const e of r.items) expect(e.game.lastEventSeq).toBe(n);
    return { events: n };
  } finally {
    await Promise.all([...live, ...late].map((c) => c.dispose()));
  }
}
