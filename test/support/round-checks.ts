// Checks of a played game's rounds against the rules, from the dice each seat saw.
import { countDice, type GameData, type RoundData, type RulesData } from './api-harness';

/** The dice each seat saw in each round while it was open: round number → seat → dice. */
export type SeenDice = Map<number, Map<number, number[]>>;

export function recordSeen(seen: SeenDice, round: number, seat: number, dice: readonly number[]): void {
  let bySeat = seen.get(round);
  if (!bySeat) seen.set(round, (bySeat = new Map()));
  const before = bySeat.get(seat);
  if (before && JSON.stringify(before) !== JSON.stringify(dice)) {
    throw new Error(
      `seat ${seat} saw ${JSON.stringify(before)} and then ${JSON.stringify(dice)} in round ${round}`,
    );
  }
  bySeat.set(seat, [...dice]);
}

function nextActive(counts: readonly number[], from: number): number {
  for (let step = 1; step <= counts.length; step++) {
    const seat = (from + step) % counts.length;
    if (counts[seat]! > 0) return seat;
  }
  throw new Error('nobody has dice');
}

function selfOrNextActive(counts: readonly number[], seat: number): number {
  return counts[seat]! > 0 ? seat : nextActive(counts, seat);
}

export interface CheckedHistory {
  /** Dice each seat holds after the last round. */
  counts: number[];
  /** Who has had a palifico round. */
  palificoSeats: boolean[];
  exactCalls: number;
  dudoCalls: number;
  palificoRounds: number;
  /** Rounds whose exact call was right. */
  rightExactCalls: number;
}

/**
 * Replays a finished (or running) game's history from the rules alone and checks, round by round, that the
 * server did what the rules say: who starts, palifico rounds, turn order of the bids, the count of the called
 * bid recomputed from the reveal, who lost or gained a die, and how the dice counts moved.
 */
export function checkHistory(
  rules: RulesData,
  game: Pick<GameData, 'rollOff' | 'seats'>,
  rounds: readonly RoundData[],
  seen: SeenDice = new Map(),
): CheckedHistory {
  const n = game.seats.length;
  const counts = new Array<number>(n).fill(rules.startingDice);
  const palificoSeats = new Array<boolean>(n).fill(false);
  const result: CheckedHistory = {
    counts,
    palificoSeats,
    exactCalls: 0,
    dudoCalls: 0,
    palificoRounds: 0,
    rightExactCalls: 0,
  };
  let expectedStarter: number | null = null;
  let expectedPalifico: number | null = null;

  rounds.forEach((round, index) => {
    const where = `round ${round.number}`;
    expect(round.number).toBe(index + 1);
    const active = counts.flatMap((c, seat) => (c > 0 ? [seat] : []));
    expect(active.length).toBeGreaterThanOrEqual(2);

    // Who starts and whether the round is palifico.
    if (index === 0) {
      expect(round.palifico).toBe(false);
      expectedStarter = firstStarter(rules, game, n);
    }
    if (expectedStarter !== null) expect([where, round.starter.position]).toEqual([where, expectedStarter]);
    else expect(active).toContain(round.starter.position);
    expect([where, round.palificoSeat?.position ?? null]).toEqual([where, expectedPalifico]);
    expect(round.palifico).toBe(expectedPalifico !== null);
    if (expectedPalifico !== null) {
      palificoSeats[expectedPalifico] = true;
      result.palificoRounds++;
    }

    if (!round.ended) {
      expect(round.reveal).toBeNull();
      expect(round.outcome).toBeNull();
      checkBids(round, counts, rules);
      expectedStarter = null;
      return;
    }

    // The reveal: every seat still in the game, with as many dice as it holds.
    expect(round.voided).toBe(false);
    const reveal = round.reveal!;
    expect(reveal.map((h) => h.seat.position)).toEqual(active);
    for (const hand of reveal) {
      expect(hand.dice.length).toBe(counts[hand.seat.position]);
      for (const d of hand.dice) expect([1, 2, 3, 4, 5, 6]).toContain(d);
      const saw = seen.get(round.number)?.get(hand.seat.position);
      if (saw) expect([where, hand.seat.position, hand.dice]).toEqual([where, hand.seat.position, saw]);
    }

    checkBids(round, counts, rules);
    const outcome = round.outcome!;
    const last = round.bids[round.bids.length - 1]!;
    expect(outcome.bid).toEqual(last);
    const bidder = last.seat.position;
    const next = nextActive(counts, bidder);
    const caller = outcome.caller.position;
    if (outcome.kind === 'DUDO' || rules.exactCaller === 'NEXT_ONLY') expect(caller).toBe(next);
    else {
      expect(caller).not.toBe(bidder);
      expect(caller).not.toBe(next);
    }

    // The count, recomputed from the reveal: aces are wild unless the round is palifico.
    const acesWild = rules.wildAces && !round.palifico;
    const count = countDice(
      reveal.map((h) => h.dice),
      last.face,
      acesWild,
    );
    expect([where, outcome.actualCount]).toEqual([where, count]);

    let loser: number | null;
    let gainer: number | null = null;
    if (outcome.kind === 'DUDO') {
      result.dudoCalls++;
      loser = count < last.quantity ? bidder : caller;
    } else {
      result.exactCalls++;
      expect(rules.exact).not.toBe('NONE');
      const right = count === last.quantity;
      if (right) {
        result.rightExactCalls++;
        loser = rules.exact === 'JINTO' ? bidder : null;
        gainer = rules.maxDice === null || counts[caller]! < rules.maxDice ? caller : null;
      } else {
        loser = caller;
      }
    }
    expect([where, outcome.loser?.position ?? null, outcome.gainer?.position ?? null]).toEqual([
      where,
      loser,
      gainer,
    ]);

    const loserBefore = loser === null ? null : counts[loser]!;
    if (loser !== null) counts[loser]!--;
    if (gainer !== null) counts[gainer]!++;

    // The next round, if the game goes on.
    const remaining = counts.filter((c) => c > 0).length;
    if (remaining < 2) {
      expect(index).toBe(rounds.length - 1);
      return;
    }
    expectedPalifico =
      loser !== null &&
      loserBefore === 2 &&
      rules.palifico !== 'NONE' &&
      (rules.palifico === 'EVERY_TIME' || !palificoSeats[loser]) &&
      remaining >= rules.palificoMinPlayers
        ? loser
        : null;
    if (expectedPalifico !== null) expectedStarter = expectedPalifico;
    else if (rules.nextStarter === 'LOSER')
      expectedStarter = selfOrNextActive(counts, loser ?? gainer ?? caller);
    else if (outcome.kind === 'DUDO')
      expectedStarter = selfOrNextActive(counts, loser === caller ? bidder : caller);
    else expectedStarter = selfOrNextActive(counts, count === last.quantity ? caller : bidder);
  });
  return result;
}

function firstStarter(rules: RulesData, game: Pick<GameData, 'rollOff'>, n: number): number | null {
  switch (rules.firstStarter) {
    case 'SEAT_ORDER':
      expect(game.rollOff).toEqual([]);
      return 0;
    case 'RANDOM':
      expect(game.rollOff).toEqual([]);
      return null;
    case 'ROLL_OFF': {
      // Attempt 1: everyone in seat order; then the tied highest of each attempt, until one is left.
      let contenders = Array.from({ length: n }, (_, i) => i);
      let attempt = 1;
      let offset = 0;
      for (;;) {
        const throws = game.rollOff.slice(offset, offset + contenders.length);
        expect(throws.map((t) => [t.attempt, t.seat.position])).toEqual(contenders.map((s) => [attempt, s]));
        for (const t of throws) expect([1, 2, 3, 4, 5, 6]).toContain(t.value);
        offset += contenders.length;
        const best = Math.max(...throws.map((t) => t.value));
        contenders = throws.filter((t) => t.value === best).map((t) => t.seat.position);
        if (contenders.length === 1) {
          expect(offset).toBe(game.rollOff.length);
          return contenders[0]!;
        }
        attempt++;
      }
    }
  }
}

/** Bids go round the table from the starter; each raises the one before it as the rules say. */
function checkBids(round: RoundData, counts: readonly number[], rules: RulesData): void {
  const total = counts.reduce((a, b) => a + b, 0);
  let seat = round.starter.position;
  round.bids.forEach((bid, i) => {
    if (i > 0) seat = nextActive(counts, seat);
    expect([`round ${round.number} bid ${i + 1}`, bid.seat.position]).toEqual([
      `round ${round.number} bid ${i + 1}`,
      seat,
    ]);
    expect(bid.quantity).toBeGreaterThanOrEqual(1);
    expect(bid.quantity).toBeLessThanOrEqual(total);
    if (i > 0) {
      expect(bid.seq).toBeGreaterThan(round.bids[i - 1]!.seq);
      expect([round.number, i, raises(rules, round.palifico, round.bids[i - 1]!, bid)]).toEqual([
        round.number,
        i,
        true,
      ]);
    } else if (!round.palifico && !rules.openingAces) {
      expect(bid.face).not.toBe(1);
    }
  });
}

/** Whether `next` raises `prev` (RULES §2, §4); palifico veterans may also raise the face. */
function raises(
  rules: RulesData,
  palifico: boolean,
  prev: { quantity: number; face: number },
  next: { quantity: number; face: number },
): boolean {
  const { quantity: q, face: f } = prev;
  const { quantity: q2, face: f2 } = next;
  if (palifico) {
    if (f2 === f) return q2 > q;
    return rules.palificoVeteransMayChangeFace && f2 > f && q2 >= q;
  }
  if (rules.wildAces) {
    if (f === 1 && f2 === 1) return q2 > q;
    if (f === 1) return q2 >= 2 * q + 1;
    if (f2 === 1) return q2 >= Math.ceil(q / 2);
  }
  switch (rules.raise) {
    case 'STRICT':
      return (f2 === f && q2 > q) || (f2 > f && q2 >= q);
    case 'STANDARD':
      return q2 > q || (q2 === q && f2 > f);
    case 'QUANTITY_ONLY':
      return q2 > q;
  }
}
