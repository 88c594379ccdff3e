// Wording shared by the views: odds as a person reads them, in their language's way of writing numbers.

/** A probability as a percentage that never claims certainty it does not have: ">99.9%", "<0.1%". */
export function formatOdds(probability: number, locale = 'en'): string {
  const percent = (value: number, digits: number): string =>
    new Intl.NumberFormat(locale, {
      style: 'percent',
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    }).format(value);
  if (probability >= 1) return percent(1, 0);
  if (probability <= 0) return percent(0, 0);
  const p = probability * 100;
  if (p > 99.9) return `>${percent(0.999, 1)}`;
  if (p < 0.1) return `<${percent(0.001, 1)}`;
  // Whole percents, except near the ends where rounding would read as certain.
  return p >= 99.5 || p < 0.5 ? percent(Math.round(p * 10) / 1000, 1) : percent(Math.round(p) / 100, 0);
}
