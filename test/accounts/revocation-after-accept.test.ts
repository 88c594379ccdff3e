// A rotation that overtakes a socket's token lookup: the lookup read the old token before the rotation, the
// rotation's notice found no socket to close, and the socket is accepted after it. It is closed all the same.
import { TestApi } from '../support/api-harness';
import { dataOf, gql, registerPlayer } from '../support/graphql-client';
import { PlayerRepository } from '../../src/store/player.repository';
import { RawSocket } from '../support/ws-client';

let api: TestApi;

beforeAll(async () => {
  api = await TestApi.start();
});

afterAll(async () => {
  await api?.close();
});

test('a socket whose token lookup a rotation overtook is closed with 4403 within 5 s', async () => {
  const p = await registerPlayer(api.url, 'Pat');
  const original = PlayerRepository.prototype.findByToken;
  let lookedUp!: () => void;
  const looked = new Promise<void>((resolve) => (lookedUp = resolve));
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  // The socket's lookup reads the player (old token still current), then waits for the rotation to finish.
  const spy = jest.spyOn(PlayerRepository.prototype, 'findByToken').mockImplementationOnce(async function (
    this: PlayerRepository,
    token: string,
  ) {
    const found = await original.call(this, token);
    lookedUp();
    await held;
    return found;
  });
  const socket = await RawSocket.open(api.url);
  try {
    socket.send({ type: 'connection_init', payload: { authorization: `Bearer ${p.token}` } });
    await looked;
    const rotated = dataOf(
      await gql<{ rotateToken: { token: string } }>(
        api.url,
        'mutation { rotateToken(input: {}) { token } }',
        {},
        p.token,
      ),
    );
    expect(rotated.rotateToken.token).not.toBe(p.token);
    // The rotation has answered: its notice reached this process, which closed what it knew of.
    const released = performance.now();
    release();
    const closed = await Promise.race([
      socket.closed,
      new Promise<null>((resolve) => setTimeout(() => resolve(null), 5_000)),
    ]);
    expect(closed).toEqual({ code: 4403, reason: 'Forbidden' });
    expect(performance.now() - released).toBeLessThan(5_000);
    // Nothing ran on the old token meanwhile.
    expect(socket.frames.filter((f) => f.type === 'next')).toEqual([]);
  } finally {
    spy.mockRestore();
    release();
    await socket.close();
  }
});
