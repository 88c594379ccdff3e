// "Dice verified" on each round's result: every ended round's key and reveal are read from the API and
// checked with the client verifier (examples/verifier): the key's link down the chain to the commitment
// published at creation, and every hand recomputed. A mismatch raises a red warning that stays until the
// page is closed; "how is this checked?" shows the values of one die to recompute by hand.
import {
  describeMismatch,
  FairnessVerifier,
  fromHex,
  handTrace,
  toHex,
  type FairnessInput,
  type Mismatch,
  type RollOffInput,
  type RoundInput,
} from '@perudo/client';
import { client } from '../api';
import { announce } from '../announce';
import { h, mount } from '../dom';
import { t } from '../i18n';
import { TypedDocumentString } from '../gql/graphql';

interface Hand {
  seat: { position: number };
  dice: number[];
}
interface FetchedRound {
  number: number;
  ended: boolean;
  serverKey: string | null;
  reveal: Hand[] | null;
}
interface Page {
  game: {
    fairness: FairnessInput;
    rollOff: RollOffInput[];
    rounds: { nodes: FetchedRound[]; pageInfo: { hasNextPage: boolean; endCursor: string | null } };
  } | null;
}

const VERIFY_ROUNDS = new TypedDocumentString<Page, { id: string; after: string | null }>(`
  query VerifyRounds($id: ID!, $after: String) {
    game(id: $id) {
      fairness { algorithm serverSeeds commitment gameSeed rollOffKey clientSeeds { seat { position player { id isBot } } seed } }
      rollOff { attempt seat { position } value }
      rounds(first: 100, after: $after) {
        nodes { number ended serverKey reveal { seat { position } dice } }
        pageInfo { hasNextPage endCursor }
      }
    }
  }
`);

type Status = { verified: true } | { verified: false; mismatch: Mismatch };

/** What the page knows of one game's checks. */
interface GameCheck {
  verifier: FairnessVerifier | null;
  fairness: FairnessInput | null;
  rounds: Map<number, FetchedRound>;
  status: Map<number, Status>;
  reading: Promise<void> | null;
}

const games = new Map<string, GameCheck>();
let warned = false;

/** The game of the page: #/game/<id> or #/history/<id>. */
function pageGameId(): string | null {
  const [, , id] = window.location.hash.split('/');
  return id ? decodeURIComponent(id) : null;
}

function warn(m: Mismatch): void {
  if (warned) return;
  warned = true;
  const where = m.round === null ? 'game' : m.round === 0 ? 'rollOff' : 'round';
  document.body.append(
    h(
      'div',
      { class: 'dice-warning', role: 'alert', 'data-testid': 'dice-warning' },
      t('verify.warning', {
        where,
        round: m.round ?? 0,
        seat: m.seat === null ? 'none' : m.seat,
        detail: describeMismatch(m),
      }),
    ),
  );
}

/** Reads every round of the game and verifies the ended ones not verified yet, in order. */
async function read(gameId: string, check: GameCheck): Promise<void> {
  let after: string | null = null;
  for (;;) {
    const { game }: Page = await client.request(VERIFY_ROUNDS, { id: gameId, after });
    if (!game) return;
    check.fairness ??= game.fairness;
    if (!check.verifier) {
      if (game.fairness.gameSeed === null) return;
      check.verifier = await FairnessVerifier.create(game.fairness, { rollOff: game.rollOff });
    }
    for (const round of game.rounds.nodes) {
      if (!round.ended || check.status.has(round.number)) continue;
      check.rounds.set(round.number, round);
      const input: RoundInput = round;
      for (const result of await check.verifier.addRound(input)) {
        if (result.status === 'VERIFIED') check.status.set(result.round, { verified: true });
        if (result.status === 'MISMATCH') {
          check.status.set(round.number, { verified: false, mismatch: result.mismatch });
          warn(result.mismatch);
        }
      }
    }
    if (!game.rounds.pageInfo.hasNextPage) return;
    after = game.rounds.pageInfo.endCursor;
  }
}

async function statusOf(gameId: string, round: number): Promise<Status | null> {
  let check = games.get(gameId);
  if (!check) {
    check = { verifier: null, fairness: null, rounds: new Map(), status: new Map(), reading: null };
    games.set(gameId, check);
  }
  if (!check.status.has(round) && !check.verifier?.mismatch) {
    const c = check;
    c.reading ??= read(gameId, c).finally(() => (c.reading = null));
    await c.reading;
  }
  return (
    check.status.get(round) ??
    (check.verifier?.mismatch ? { verified: false, mismatch: check.verifier.mismatch } : null)
  );
}

/** The values of one die of the round, for a reader to recompute. */
async function explanation(gameId: string, round: number): Promise<HTMLElement> {
  const check = games.get(gameId)!;
  const r = check.rounds.get(round)!;
  const hand = (r.reveal ?? []).find((x) => x.dice.length > 0);
  const key = fromHex(r.serverKey ?? '');
  const previous = round === 1 ? check.fairness?.rollOffKey : check.rounds.get(round - 1)?.serverKey;
  const seed = check.fairness?.gameSeed ?? '';
  const trace = hand && key ? await handTrace(key, seed, round, hand.seat.position, hand.dice.length) : null;
  return h(
    'div',
    { class: 'dice-explain', 'data-testid': 'dice-explain' },
    h('p', {}, t('verify.explain', { round, previous: round - 1 })),
    h(
      'dl',
      {},
      h('dt', {}, t('verify.key')),
      h('dd', {}, h('code', {}, r.serverKey ?? '')),
      h('dt', {}, t('verify.previousKey')),
      h('dd', {}, h('code', {}, previous ?? t('verify.fromCommitment'))),
      h('dt', {}, t('verify.gameSeed')),
      h('dd', {}, h('code', {}, seed)),
      trace ? h('dt', {}, t('verify.message', { seat: hand!.seat.position })) : null,
      trace ? h('dd', {}, h('code', {}, trace.messages[0]!)) : null,
      trace ? h('dt', {}, t('verify.bytes')) : null,
      trace ? h('dd', {}, h('code', {}, toHex(Uint8Array.from(trace.bytes[0]!)))) : null,
      trace ? h('dt', {}, t('verify.dice')) : null,
      trace ? h('dd', {}, trace.values.join(' ')) : null,
    ),
  );
}

const told = new Set<string>();

/** At the table, each round's check is read out once to screen readers (the history would read them all). */
function tell(gameId: string, round: number, verified: boolean): void {
  if (!window.location.hash.startsWith('#/game/') || told.has(`${gameId}/${round}`)) return;
  told.add(`${gameId}/${round}`);
  announce(verified ? t('verify.announceOk', { round }) : t('verify.announceFailed', { round }));
}

/**
 * The mark of a round's result card: "dice verified", or the mismatch, once the round's key is read. The
 * hands shown on the card must also be the ones verified.
 */
export function verificationMark(round: { number: number; reveal?: Hand[] | null }): HTMLElement {
  const el = h(
    'p',
    { class: 'dice-check muted', 'data-testid': 'dice-check', 'data-round': round.number },
    t('verify.checking'),
  );
  const gameId = pageGameId();
  if (!gameId || !round.reveal) {
    el.textContent = '';
    return el;
  }
  void statusOf(gameId, round.number)
    .then((status) => {
      const fetched = games.get(gameId)?.rounds.get(round.number);
      const shown = round.reveal!.find((x) => {
        const other = fetched?.reveal?.find((y) => y.seat.position === x.seat.position);
        return other && other.dice.join() !== x.dice.join();
      });
      if (shown && status?.verified) {
        const other = fetched!.reveal!.find((y) => y.seat.position === shown.seat.position)!;
        status = {
          verified: false,
          mismatch: {
            kind: 'HAND',
            round: round.number,
            seat: shown.seat.position,
            expected: other.dice.join(','),
            shown: shown.dice.join(','),
          },
        };
        warn(status.mismatch);
      }
      if (!status) {
        el.textContent = '';
        return;
      }
      tell(gameId, round.number, status.verified);
      if (!status.verified) {
        el.className = 'dice-check failed';
        el.textContent = t('verify.failed', { detail: describeMismatch(status.mismatch) });
        return;
      }
      const details = h('details', {}, h('summary', {}, t('verify.how')));
      details.addEventListener('toggle', () => {
        if (details.open && details.childElementCount === 1)
          void explanation(gameId, round.number).then((x) => details.append(x));
      });
      el.className = 'dice-check verified';
      mount(el, h('span', {}, t('verify.ok')), ' ', details);
    })
    .catch(() => {
      el.textContent = t('verify.noAnswer');
    });
  return el;
}

/** The player's client seed for the next create or join: random until they type their own. */
let clientSeed = Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) =>
  b.toString(16).padStart(2, '0'),
).join('');

export function currentClientSeed(): string {
  return clientSeed;
}

/** A field for the client seed (FAIRNESS.md): 1 to 64 printable ASCII characters, prefilled at random. */
export function clientSeedField(): HTMLElement {
  const input = h('input', {
    name: 'clientSeed',
    value: clientSeed,
    maxlength: 64,
    pattern: '[\\x20-\\x7e]{1,64}',
    required: true,
    title: t('seed.title'),
  });
  input.addEventListener('input', () => {
    if (/^[\x20-\x7e]{1,64}$/.test(input.value)) clientSeed = input.value;
  });
  return h('label', { class: 'client-seed' }, t('seed.label'), ' ', input);
}
