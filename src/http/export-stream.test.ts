// Tests of what the exports share: their slots and their common parameters.
import { BadParameter, ExportSlots, parseExportQuery } from './export-stream';

describe('ExportSlots', () => {
  it('holds one export per address and four in all, and frees them', () => {
    const slots = new ExportSlots();
    expect(slots.take('a')).toBeNull();
    expect(slots.take('a')).toBe('at most 1 export runs at once per client address: retry in 1 s');
    expect(['b', 'c', 'd'].map((address) => slots.take(address))).toEqual([null, null, null]);
    expect(slots.take('e')).toBe('at most 4 exports run at once: retry in 1 s');
    slots.release('a');
    expect([slots.take('e'), slots.take('a')]).toEqual([null, 'at most 4 exports run at once: retry in 1 s']);
    for (const address of ['b', 'c', 'd', 'e']) slots.release(address);
    expect(slots.take('a')).toBeNull();
  });
});

describe('parseExportQuery', () => {
  const parse = (query: string, extra: readonly string[] = []) =>
    parseExportQuery(new URL(`http://localhost/export${query}`), extra);

  it('reads the common parameters, defaults included', () => {
    expect(parse('')).toEqual({
      filter: { preset: null, playerId: null, finishedAfter: null, finishedBefore: null },
      limit: 10_000,
      after: null,
    });
    expect(parse('?preset=PUB&limit=3&finishedAfter=2026-01-31T12:00:00Z')).toEqual({
      filter: {
        preset: 'PUB',
        playerId: null,
        finishedAfter: new Date('2026-01-31T12:00:00Z'),
        finishedBefore: null,
      },
      limit: 3,
      after: null,
    });
  });

  it("takes an export's own parameters only when it names them", () => {
    expect(parse('?arena=true', ['agentId', 'arena']).limit).toBe(10_000);
    expect(() => parse('?arena=true')).toThrow(
      new BadParameter(
        'unknown parameter arena: use preset, playerId, finishedAfter, finishedBefore, limit, after',
      ),
    );
    expect(() => parse('?limit=1.5')).toThrow('limit must be a whole number from 1 to 10000');
  });
});
