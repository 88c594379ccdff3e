// Tests of the agent use cases over a fake repository: who may own agents, what is charged, what is announced.
import type { PlayerRecord } from '../store/player.repository';
import type { AgentsRepository } from './agents.repository';
import { AgentsService } from './agents.service';

const SKELETONS = { folded: 'x', lowered: 'x' };

function record(id: string, fields: Partial<PlayerRecord> = {}): PlayerRecord {
  return {
    id,
    name: id,
    createdAt: new Date('2030-01-01T00:00:00.000Z'),
    botLevel: null,
    ownerId: null,
    retired: false,
    arenaReference: null,
    ...fields,
  };
}

const AGENT = record('agent', { ownerId: 'ann' });

function setup(repository: Partial<AgentsRepository>, rename = (): Promise<void> => Promise.resolve()) {
  const announced: string[] = [];
  const charged: string[] = [];
  const service = new AgentsService(
    repository as AgentsRepository,
    { findByIds: () => Promise.resolve([AGENT]) },
    {
      rename,
      tokenReplaced: (id) => {
        announced.push(id);
        return Promise.resolve();
      },
    },
  );
  const charge = (): Error | null => {
    charged.push('charge');
    return null;
  };
  return { service, announced, charged, charge };
}

it('refuses an agent or a bot as an owner, before anything is charged or stored', async () => {
  const create = jest.fn();
  const { service, charged, charge } = setup({ create });
  for (const owner of [AGENT, record('bot', { botLevel: 'EASY' })]) {
    expect(await service.create(owner, 'Name', SKELETONS, null, charge)).toEqual({
      kind: 'refused',
      code: 'AGENTS_NOT_ALLOWED',
      message: 'only a person may own agents: an agent cannot create one',
      field: [],
    });
  }
  expect(charged).toEqual([]);
  expect(create).not.toHaveBeenCalled();
});

it('charges a new create and not the replay of a keyed one; the charge refusal is thrown', async () => {
  const created = { kind: 'created' as const, agent: AGENT, token: 't' };
  let recorded = false;
  const { service, charged, charge } = setup({
    create: () => Promise.resolve(created),
    isCreated: () => Promise.resolve(recorded),
  });
  expect(await service.create(record('ann'), 'Bot', SKELETONS, 'key', charge)).toEqual({
    kind: 'ok',
    agent: AGENT,
    token: 't',
  });
  recorded = true;
  await service.create(record('ann'), 'Bot', SKELETONS, 'key', charge);
  expect(charged).toEqual(['charge']);
  const refusal = new Error('too many');
  await expect(service.create(record('ann'), 'Bot', SKELETONS, null, () => refusal)).rejects.toBe(refusal);
});

it('announces a rotation and a retirement that changed the token, not a replay nor a second retirement', async () => {
  let replayed = false;
  let changed = true;
  const { service, announced } = setup({
    rotate: () => Promise.resolve({ kind: 'rotated', agent: AGENT, token: 't', replayed }),
    retire: () => Promise.resolve({ agent: { ...AGENT, retired: true }, changed }),
  });
  await service.rotateToken('ann', 'agent', 'k');
  replayed = true;
  expect(await service.rotateToken('ann', 'agent', 'k')).toEqual({ kind: 'ok', agent: AGENT, token: 't' });
  await service.retire('ann', 'agent');
  changed = false;
  expect(await service.retire('ann', 'agent')).toEqual({ kind: 'ok', agent: { ...AGENT, retired: true } });
  expect(announced).toEqual(['agent', 'agent']);
});

it("answers not_found for anything but an agent of the owner's, announcing nothing", async () => {
  const rename = jest.fn(() => Promise.resolve());
  const { service, announced } = setup(
    {
      rotate: () => Promise.resolve({ kind: 'not_found' }),
      retire: () => Promise.resolve(null),
      isOwned: () => Promise.resolve(false),
    },
    rename,
  );
  expect(await service.rotateToken('bob', 'agent', null)).toEqual({ kind: 'not_found' });
  expect(await service.retire('bob', 'agent')).toEqual({ kind: 'not_found' });
  expect(await service.rename('bob', 'agent', 'Name', SKELETONS)).toEqual({ kind: 'not_found' });
  expect(rename).not.toHaveBeenCalled();
  expect(announced).toEqual([]);
});
