// Reading the ISO-8601 timestamps the state records, as numbers, without a clock.

const ISO_8601 = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(?:\.(\d+))?(?:Z|([+-])(\d{2}):(\d{2}))$/;

const MS_PER_MINUTE = 60_000;
const MS_PER_DAY = 86_400_000;

/** Days from 1970-01-01 to the given date of the proleptic Gregorian calendar (month 1 to 12). */
function daysSinceEpoch(year: number, month: number, day: number): number {
  // Counted from 0000-03-01 so that the leap day ends each 400-year era.
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yearOfEra = y - era * 400;
  const dayOfYear = Math.floor((153 * (month > 2 ? month - 3 : month + 9) + 2) / 5) + day - 1;
  const dayOfEra = yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear;
  return era * 146_097 + dayOfEra - 719_468;
}

/**
 * Milliseconds since 1970-01-01T00:00:00Z of a timestamp such as "2026-01-01T12:00:00.000Z" (the form the
 * state records; an offset such as "+02:00" is read too). Anything else is a bug: it throws.
 */
export function epochMillis(iso: string): number {
  const m = ISO_8601.exec(iso);
  if (!m) throw new Error(`not an ISO-8601 timestamp: ${iso}`);
  const [, year, month, day, hour, minute, second, fraction, sign, offsetHours, offsetMinutes] = m;
  const millis = Number((fraction ?? '').padEnd(3, '0').slice(0, 3));
  const offset = sign ? (sign === '-' ? -1 : 1) * (Number(offsetHours) * 60 + Number(offsetMinutes)) : 0;
  return (
    daysSinceEpoch(Number(year), Number(month), Number(day)) * MS_PER_DAY +
    (Number(hour) * 60 + Number(minute) - offset) * MS_PER_MINUTE +
    Number(second) * 1000 +
    millis
  );
}
