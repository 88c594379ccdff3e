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

/** The calendar date (month 1 to 12) of a count of days since 1970-01-01 (inverse of daysSinceEpoch). */
function civilFromDays(days: number): { year: number; month: number; day: number } {
  const z = days + 719_468;
  const era = Math.floor(z / 146_097);
  const dayOfEra = z - era * 146_097;
  const yearOfEra = Math.floor(
    (dayOfEra -
      Math.floor(dayOfEra / 1460) +
      Math.floor(dayOfEra / 36_524) -
      Math.floor(dayOfEra / 146_096)) /
      365,
  );
  const dayOfYear = dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100));
  const mp = Math.floor((5 * dayOfYear + 2) / 153);
  const day = dayOfYear - Math.floor((153 * mp + 2) / 5) + 1;
  const month = mp < 10 ? mp + 3 : mp - 9;
  return { year: yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day };
}

/** The timestamp "YYYY-MM-DDTHH:MM:SS.mmmZ" of milliseconds since the epoch (the form the state records). */
export function isoTimestamp(epoch: number): string {
  const ms = Math.floor(epoch);
  const days = Math.floor(ms / MS_PER_DAY);
  const { year, month, day } = civilFromDays(days);
  let rest = ms - days * MS_PER_DAY;
  const hour = Math.floor(rest / 3_600_000);
  rest -= hour * 3_600_000;
  const minute = Math.floor(rest / MS_PER_MINUTE);
  rest -= minute * MS_PER_MINUTE;
  const second = Math.floor(rest / 1000);
  const pad = (n: number, width = 2): string => String(n).padStart(width, '0');
  return `${pad(year, 4)}-${pad(month)}-${pad(day)}T${pad(hour)}:${pad(minute)}:${pad(second)}.${pad(rest - second * 1000, 3)}Z`;
}
