// Tests of when a move rewrites the snapshot, and of the statement that records a move.
import { applyCommand, createGame, PRESETS, seededRng, type GameState } from '../engine';
import { GAME_ROW_SNAPSHOT_EVERY } from './event-log';
import { moveStatement, snapshotDue } from './move-statement';

const AT = '2026-01-01T00:00:00.000Z';
const HOST = '00000000-0000-4000-8000-000000000001';
const GUEST = '00000000-0000-4000-8000-000000000002';

function startedGame(): GameState {
  const rng = seededRng(3);
  const created = createGame({ host: HOST, name: null, rules: PRESETS.CLASSIC, maxPlayers: 6 } as never, AT);
  if (!created.ok) throw new Error('create');
  let state = created.state;
  for (const command of [
    { type: 'JOIN', playerId: GUEST },
    { type: 'START', playerId: HOST },
  ] as const) {
    const r = applyCommand(state, command as never, { rng, at: AT });
    if (!r.ok) throw new Error(r.violation.message);
    state = r.state;
  }
  return state;
}

const at = (state: GameState, version: number, status: GameState['status'] = state.status): GameState => ({
  ...state,
  version,
  status,
});

describe('snapshotDue', () => {
  const game = startedGame();

  it('writes the first snapshot of a game', () => {
    expect(snapshotDue(null, at(game, 1, 'LOBBY'))).toBe(true);
  });

  it('writes one when the version crosses a multiple of GAME_ROW_SNAPSHOT_EVERY, and not in between', () => {
    const due = Array.from({ length: 3 * GAME_ROW_SNAPSHOT_EVERY }, (_, v) => v + 1).filter((v) =>
      snapshotDue(at(game, v - 1), at(game, v)),
    );
    expect(due).toEqual([GAME_ROW_SNAPSHOT_EVERY, 2 * GAME_ROW_SNAPSHOT_EVERY, 3 * GAME_ROW_SNAPSHOT_EVERY]);
  });

  it('writes one whenever the status changes', () => {
    expect(snapshotDue(at(game, 5, 'LOBBY'), at(game, 6, 'IN_PROGRESS'))).toBe(true);
    expect(snapshotDue(at(game, 20), at(game, 21, 'FINISHED'))).toBe(true);
    expect(snapshotDue(at(game, 20, 'LOBBY'), at(game, 21, 'CANCELLED'))).toBe(true);
  });
});

describe('moveStatement', () => {
  const game = startedGame();
  const write = (before: GameState, after: GameState) =>
    moveStatement({
      gameId: '00000000-0000-4000-8000-000000000009',
      before,
      after,
      events: [],
      expectedVersion: before.version,
      seatsRewritten: false,
      idempotency: null,
    });

  it('sends the snapshot only when it is due, under a statement name of its own', () => {
    const plain = write(at(game, 17), at(game, 18));
    const withSnapshot = write(at(game, 31), at(game, 32));
    expect(plain.text).not.toContain('state =');
    expect(plain.values).toHaveLength(10);
    expect(withSnapshot.text).toContain('state = $2::jsonb, state_version = $3::int');
    expect(withSnapshot.values[1]).toBe(JSON.stringify(at(game, 32)));
    expect(withSnapshot.values[2]).toBe(32);
    expect(plain.name).toBe('move_n_upd_ev');
    expect(withSnapshot.name).toBe('move_s_upd_ev');
  });

  it('gives the same text for the same name', () => {
    const a = write(at(game, 17), at(game, 18));
    const b = write(at(game, 18), at(game, 19));
    expect(a.name).toBe(b.name);
    expect(a.text).toBe(b.text);
  });
});
