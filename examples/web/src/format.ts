// Wording shared by the views: odds as a person reads them, and counts with the right plural.

/** A probability as a percentage that never claims certainty it does not have: ">99.9%", "<0.1%". */
export function formatOdds(probability: number): string {
  if (probability >= 1) return '100%';
  if (probability <= 0) return '0%';
  const percent = probability * 100;
  if (percent > 99.9) return '>99.9%';
  if (percent < 0.1) return '<0.1%';
  // Whole percents, except near the ends where rounding would read as certain.
  return percent >= 99.5 || percent < 0.5 ? `${percent.toFixed(1)}%` : `${Math.round(percent)}%`;
}

/** "1 die", "3 dice", "0 dice". */
export function count(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}

/** An API enum value as words: "QUANTITY_ONLY" reads "quantity only", "PUB" reads "pub". */
export function humanize(value: string): string {
  return value.toLowerCase().replace(/_/g, ' ');
}

/** The same, starting with a capital: for option labels and headings. */
export function title(value: string): string {
  const words = humanize(value);
  return words.charAt(0).toUpperCase() + words.slice(1);
}
