// Per-request reads of the fairness records: public records batched per game, revealed keys once per game.
import type { PublicFairness } from '../store/fairness.repository';
import { batchLoader, type Loader } from './loaders';
import type { GraphQLContext } from './context';

interface Loaders {
  /** Public records by game, valid for the game versions seen so far in this context. */
  records: Loader<string, PublicFairness>;
  versions: Map<string, number>;
  /** Revealed keys by game, with the last index they reach. */
  keys: Map<string, { upTo: number; hex: Promise<string[]> }>;
}

// A subscription keeps its context for every event: what is loaded is renewed when the game moved on.
const perContext = new WeakMap<GraphQLContext, Loaders>();

function loaders(ctx: GraphQLContext): Loaders {
  let l = perContext.get(ctx);
  if (!l) perContext.set(ctx, (l = fresh(ctx)));
  return l;
}

function fresh(ctx: GraphQLContext): Loaders {
  return {
    records: batchLoader((ids) => ctx.services.gameFairness.publicRecords(ids)),
    versions: new Map(),
    keys: new Map(),
  };
}

/** The game's public fairness records as of (at least) `version`. */
export function loadPublicFairness(
  ctx: GraphQLContext,
  gameId: string,
  version: number,
): Promise<PublicFairness | null> {
  let l = loaders(ctx);
  const seen = l.versions.get(gameId);
  if (seen !== undefined && seen !== version) {
    // The seeds or the game seed may have changed since: read everything again.
    l = { ...fresh(ctx), keys: l.keys };
    perContext.set(ctx, l);
  }
  l.versions.set(gameId, version);
  return l.records.load(gameId);
}

/** k[index] as hex, when `index <= upTo`, the game's last revealed key (engine `lastRevealedKey`). */
export async function loadRevealedKey(
  ctx: GraphQLContext,
  gameId: string,
  upTo: number,
  index: number,
): Promise<string | null> {
  if (index < 0 || index > upTo) return null;
  const keys = loaders(ctx).keys;
  let entry = keys.get(gameId);
  if (!entry || entry.upTo < upTo) {
    entry = { upTo, hex: ctx.services.gameFairness.revealedKeys(gameId, upTo) };
    keys.set(gameId, entry);
  }
  return (await entry.hex)[index] ?? null;
}
