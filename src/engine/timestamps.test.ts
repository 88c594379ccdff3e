// Tests of reading ISO-8601 timestamps as epoch milliseconds.
import fc from 'fast-check';
import { epochMillis, isoTimestamp } from './timestamps';

describe('epochMillis', () => {
  it.each([
    ['1970-01-01T00:00:00.000Z', 0],
    ['1969-12-31T23:59:59.999Z', -1],
    ['2026-01-01T00:00:00.000Z', 1_767_225_600_000],
    ['2000-02-29T12:34:56.789Z', 951_827_696_789],
    ['1900-03-01T00:00:00Z', -2_203_891_200_000],
    ['2100-12-31T23:59:59.999Z', 4_133_980_799_999],
    ['2024-02-29T23:59:59.5+02:00', 1_709_243_999_500],
    ['2030-06-15T08:00:00.120-05:30', 1_907_760_600_120],
  ])('%s is %d', (iso, millis) => {
    expect(epochMillis(iso)).toBe(millis);
  });

  it('refuses anything but an ISO-8601 timestamp with its zone', () => {
    expect(() => epochMillis('2030-01-01 00:00:00')).toThrow(
      'not an ISO-8601 timestamp: 2030-01-01 00:00:00',
    );
    expect(() => epochMillis('2030-01-01T00:00:00')).toThrow('not an ISO-8601 timestamp');
  });
});

describe('isoTimestamp', () => {
  it('is the inverse of epochMillis, as Date formats it, across leap days and centuries', () => {
    for (const iso of [
      '1970-01-01T00:00:00.000Z',
      '2000-02-29T23:59:59.999Z',
      '2030-01-01T00:03:30.000Z',
      '2100-03-01T12:00:00.007Z',
      '1969-12-31T23:59:59.999Z',
    ]) {
      expect(isoTimestamp(epochMillis(iso))).toBe(iso);
    }
    fc.assert(
      fc.property(fc.integer({ min: -8_000_000_000_000, max: 8_000_000_000_000 }), (ms) => {
        return isoTimestamp(ms) === new globalThis.Date(ms).toISOString();
      }),
    );
  });
});
