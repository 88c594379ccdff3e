import { createDatabaseClients, type DatabaseClients } from '../../src/persistence/prisma';
import { PlayerRepository } from '../../src/store/player.repository';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

let db: TestDatabase;
let clients: DatabaseClients;

beforeAll(async () => {
  db = await createTestDatabase();
  clients = createDatabaseClients(db.url);
});

afterAll(async () => {
  await clients.close();
  await db.drop();
});

it('reads each player once: later lookups by id or token are served from memory', async () => {
  const writer = new PlayerRepository(clients.prisma);
  const ana = await writer.register('Ana');
  const bo = await writer.register('Bo');

  // A repository of another process knows neither player yet.
  const reader = new PlayerRepository(clients.prisma);
  const findMany = jest.spyOn(clients.prisma.player, 'findMany');
  try {
    const first = await reader.findByIds([ana.player.id, bo.player.id]);
    expect(first.map((p) => p.name).sort()).toEqual(['Ana', 'Bo']);
    expect(findMany).toHaveBeenCalledTimes(1);
    const again = await reader.findByIds([bo.player.id, ana.player.id]);
    expect(again.map((p) => p.name)).toEqual(['Bo', 'Ana']);
    expect(findMany).toHaveBeenCalledTimes(1);
    // Only the ids not seen yet are read; an unknown id is simply absent.
    const cy = await writer.register('Cy');
    const mixed = await reader.findByIds([
      ana.player.id,
      cy.player.id,
      '00000000-0000-4000-8000-000000000000',
    ]);
    expect(mixed.map((p) => p.name)).toEqual(['Ana', 'Cy']);
    expect(findMany).toHaveBeenCalledTimes(2);
    expect(findMany.mock.calls[1]![0]).toEqual({
      where: { id: { in: [cy.player.id, '00000000-0000-4000-8000-000000000000'] } },
    });
  } finally {
    findMany.mockRestore();
  }
  // The writer knew its own players from the start.
  expect((await writer.findByToken(ana.token))?.id).toBe(ana.player.id);
});
