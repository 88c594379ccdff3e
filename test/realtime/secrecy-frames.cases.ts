import { type App } from '../../src/app';
import { startServer } from '../support/server-launcher';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { acceptedMutation, lobbyGame, type Player, registerPlayer } from '../support/graphql-client';
import { playToEnd } from '../support/realtime-harness';
import {
  connect,
  type EventData,
  range,
  seqsOf,
  Subscription,
  untilSeq,
  type WsConnection,
} from '../support/ws-client';

// What goes over the wire, frame by frame: every place a Seat (and so its dice) can appear is selected.
const SEAT = 'position dice';
const SECRECY_EVENTS = `subscription($gameId: ID!) {
  gameEvents(gameId: $gameId, afterSeq: 0) {
    seq type
    seat { ${SEAT} }
    bid { seat { ${SEAT} } }
    outcome { caller { ${SEAT} } loser { ${SEAT} } gainer { ${SEAT} } }
    round {
      number ended starter { ${SEAT} } palificoSeat { ${SEAT} } turn { ${SEAT} } bids { seat { ${SEAT} } }
      reveal { seat { ${SEAT} } dice }
    }
    game {
      lastEventSeq viewerSeat { ${SEAT} } turn { ${SEAT} }
      seats { ${SEAT} diceCount }
      currentRound { number ended reveal { seat { ${SEAT} } dice } }
      rounds(first: 100) { nodes { number ended reveal { seat { ${SEAT} } dice } } }
    }
  }
}`;

interface SecrecyEvent {
  seq: number;
  type: string;
  seat: { position: number; dice: number[] | null } | null;
  game: {
    lastEventSeq: number;
    viewerSeat: { position: number } | null;
    seats: { position: number; dice: number[] | null; diceCount: number }[];
    currentRound: { number: number; ended: boolean } | null;
  };
}

type Hands = Map<number, Map<number, string>>; // round number -> seat -> dice (JSON)

/**
 * The cases, on a server that leaves out `eventPathOff` (EVENT_PATH_OFF): run on the fast paths and on the
 * general one (each viewer its own execution, mutations by graphql-js, each frame its own write).
 */
export function secrecyFrameCases(eventPathOff: readonly string[]): void {
  let database: TestDatabase | undefined;
  let app: App | undefined;
  const connections: WsConnection[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
    app = await startServer(database.url, { eventPathOff });
  });

  afterAll(async () => {
    await Promise.all(connections.map((c) => c.dispose()));
    await app?.stop();
    await database?.drop();
  });

  /**
   * Walks every frame one subscriber received. A non-null `dice` on a Seat is allowed only on the
   * subscriber's own seat while a round is open; a `reveal` only on a round that has ended. Returns the dice
   * the subscriber saw as its own and those it saw revealed, per round, and checks that the walk accounted
   * for every `"dice":[` in the raw text.
   */
  function audit(frames: readonly string[], ownSeat: number | null) {
    const own: Hands = new Map();
    const revealed: Hands = new Map();
    const violations: string[] = [];
    const put = (hands: Hands, round: number, seat: number, dice: unknown, what: string): void => {
      const text = JSON.stringify(dice);
      const byRound = hands.get(round) ?? new Map<number, string>();
      hands.set(round, byRound);
      const before = byRound.get(seat);
      if (before !== undefined && before !== text)
        violations.push(`${what} of seat ${seat} changed in round ${round}`);
      byRound.set(seat, text);
    };
    for (const frame of frames) {
      const message = JSON.parse(frame) as {
        type: string;
        payload?: { data?: { gameEvents?: SecrecyEvent } };
      };
      const event = message.payload?.data?.gameEvents;
      const current = event?.game.currentRound;
      const openRound = current && !current.ended ? current.number : null;
      let found = 0;
      const walk = (value: unknown, where: string): void => {
        if (Array.isArray(value)) {
          value.forEach((v, i) => walk(v, `${where}[${i}]`));
          return;
        }
        if (value === null || typeof value !== 'object') return;
        const o = value as Record<string, unknown>;
        if ('reveal' in o && o.reveal !== null) {
          const round = o.number as number;
          if (o.ended !== true)
            violations.push(`event ${event?.seq}: ${where}.reveal of open round ${round}`);
          for (const hand of o.reveal as { seat: { position: number }; dice: number[] }[]) {
            found++;
            put(revealed, round, hand.seat.position, hand.dice, 'revealed dice');
          }
        }
        if ('position' in o && 'dice' in o && o.dice !== null) {
          found++;
          if (ownSeat === null || o.position !== ownSeat || openRound === null) {
            violations.push(`event ${event?.seq}: ${where}.dice of seat ${String(o.position)} is visible`);
          } else {
            put(own, openRound, ownSeat, o.dice, 'own dice');
          }
        }
        for (const [key, v] of Object.entries(o)) walk(v, `${where}.${key}`);
      };
      walk(message, message.type);
      const inText = frame.split('"dice":[').length - 1;
      if (inText !== found)
        violations.push(`event ${event?.seq}: ${inText} dice arrays in the text, ${found} walked`);
    }
    return { own, revealed, violations };
  }

  function rounds0(sub: Subscription<SecrecyEvent>): number {
    return sub.items.filter((e) => e.type === 'ROUND_STARTED').length;
  }

  it('shows each player only their own dice until the reveal, and spectators none, in every raw frame', async () => {
    const url = app!.url;
    const wsUrl = url.replace(/^http/, 'ws');
    const players: Player[] = await Promise.all(['Ana', 'Ben', 'Cleo'].map((n) => registerPlayer(url, n)));
    const lobby = await lobbyGame(url, players, { preset: 'PERUDO' });
    const viewers = [...players.map((p) => p.token), null, null].map((token) => {
      const conn = connect(wsUrl, token);
      connections.push(conn);
      return {
        conn,
        seat: token === null ? null : players.findIndex((p) => p.token === token),
        sub: new Subscription<SecrecyEvent>(conn.client, SECRECY_EVENTS, { gameId: lobby.id }, 'gameEvents'),
      };
    });
    await Promise.all(
      viewers.map((v) => untilSeq(v.sub as unknown as Subscription<EventData>, lobby.lastEventSeq)),
    );
    await acceptedMutation(url, 'startGame', players[0]!, { gameId: lobby.id });
    const final = await playToEnd(url, lobby.id, players);
    const n = final.lastEventSeq;
    await Promise.all(viewers.map((v) => untilSeq(v.sub as unknown as Subscription<EventData>, n)));

    const audits = viewers.map((v) => {
      expect(v.sub.errors).toEqual([]);
      expect(seqsOf(v.sub.items)).toEqual(range(1, n));
      return audit(v.conn.frames, v.seat);
    });
    for (const a of audits) expect(a.violations).toEqual([]);
    // The audit is not blind: Ana's frames, read as if they were Ben's or a spectator's, break the rule.
    expect(audit(viewers[0]!.conn.frames, 1).violations.length).toBeGreaterThan(rounds0(viewers[0]!.sub));
    expect(audit(viewers[0]!.conn.frames, null).violations.length).toBeGreaterThan(rounds0(viewers[0]!.sub));

    // Each player saw their own hand in every round they played, from its ROUND_STARTED on.
    const rounds = viewers[0]!.sub.items.filter((e) => e.type === 'ROUND_STARTED');
    expect(rounds.length).toBeGreaterThan(5);
    players.forEach((_, seat) => {
      for (const started of viewers[seat]!.sub.items.filter((e) => e.type === 'ROUND_STARTED')) {
        const mine = started.game.seats[seat]!;
        if (mine.diceCount === 0) {
          expect(mine.dice).toEqual([]); // out of the game: an empty hand of one's own
          continue;
        }
        expect(mine.dice).toHaveLength(mine.diceCount);
        expect(started.seat!.dice).toEqual(started.seat!.position === seat ? mine.dice : null);
        const number = started.game.currentRound!.number;
        expect(audits[seat]!.own.get(number)!.get(seat)).toBe(JSON.stringify(mine.dice));
      }
    });
    // Spectators saw no hand before a reveal.
    expect(audits[3]!.own.size + audits[4]!.own.size).toBe(0);

    // The reveal every viewer got is the same, and it is exactly the hands the owners were shown.
    const owners: Hands = new Map();
    audits.slice(0, players.length).forEach((a) => {
      for (const [round, hands] of a.own)
        for (const [seat, dice] of hands)
          if (dice !== '[]') owners.set(round, (owners.get(round) ?? new Map()).set(seat, dice));
    });
    for (const a of audits) expect(a.revealed).toEqual(owners);
    expect([...owners.keys()]).toEqual(range(1, rounds.length));
  });
}
