import { readFileSync } from 'node:fs';
import path from 'node:path';
import {
  buildClientSchema,
  getIntrospectionQuery,
  isEnumType,
  isInputObjectType,
  isInterfaceType,
  isObjectType,
  isSpecifiedScalarType,
  isIntrospectionType,
  type GraphQLSchema,
  type IntrospectionQuery,
} from 'graphql';
import { createSchema } from '../../src/graphql/schema';
import { schemaSdl } from '../../src/graphql/schema-sdl';
import { projectRoot } from '../../src/database/project-root';
import { TestApi } from '../support/api-harness';
import { dataOf } from '../support/graphql-client';

/** The checked-in schema.graphql is the contract: it must be what the code builds and what the server serves. */

const checkedIn = readFileSync(path.join(projectRoot(), 'schema.graphql'), 'utf8');
let schema: GraphQLSchema;

beforeAll(async () => {
  schema = await createSchema();
});

it('is what the code builds', () => {
  expect(schemaSdl(schema)).toBe(checkedIn);
});

it('is what the running server serves', async () => {
  const api = await TestApi.start();
  try {
    const introspection = dataOf(
      await api.gql<IntrospectionQuery>(
        getIntrospectionQuery({ specifiedByUrl: true, inputValueDeprecation: true }),
      ),
    );
    expect(schemaSdl(buildClientSchema(introspection))).toBe(checkedIn);
    // Introspection is bounded all the same: a query nesting types within types without end is refused.
    let deep = 'name';
    for (let i = 0; i < 12; i++) deep = `name fields { type { ${deep} } }`;
    const refused = await api.gql(`{ __schema { types { ${deep} } } }`);
    expect([refused.status, refused.body.errors?.map((e) => e.extensions?.code)]).toEqual([
      400,
      ['GRAPHQL_VALIDATION_FAILED'],
    ]);
  } finally {
    await api.close();
  }
});

/** Every place in the schema that must carry a description, and whether it does. */
function undescribed(s: GraphQLSchema): string[] {
  const missing: string[] = [];
  const need = (where: string, description: string | null | undefined): void => {
    if (!description || description.trim().length < 3) missing.push(where);
  };
  for (const type of Object.values(s.getTypeMap())) {
    if (isIntrospectionType(type) || isSpecifiedScalarType(type)) continue;
    need(type.name, type.description);
    if (isObjectType(type) || isInterfaceType(type)) {
      for (const field of Object.values(type.getFields())) {
        need(`${type.name}.${field.name}`, field.description);
        for (const arg of field.args) need(`${type.name}.${field.name}(${arg.name})`, arg.description);
      }
    } else if (isInputObjectType(type)) {
      for (const field of Object.values(type.getFields()))
        need(`${type.name}.${field.name}`, field.description);
    } else if (isEnumType(type)) {
      for (const value of type.getValues()) need(`${type.name}.${value.name}`, value.description);
    }
  }
  for (const directive of s.getDirectives()) {
    if (['include', 'skip', 'deprecated', 'specifiedBy', 'oneOf'].includes(directive.name)) continue;
    need(`@${directive.name}`, directive.description);
    for (const arg of directive.args) need(`@${directive.name}(${arg.name})`, arg.description);
  }
  return missing;
}

it('describes every type, field, argument, input field and enum value', () => {
  expect(undescribed(schema)).toEqual([]);
});

it('has the operations and types of the public contract', () => {
  const fields = (name: string): string[] => {
    const type = schema.getType(name);
    if (!type || !(isObjectType(type) || isInterfaceType(type) || isInputObjectType(type))) return [];
    return Object.keys(type.getFields());
  };
  expect(fields('Query')).toEqual(
    expect.arrayContaining(['node', 'viewer', 'game', 'games', 'player', 'rulePresets']),
  );
  expect(fields('Mutation')).toEqual(
    expect.arrayContaining([
      'registerPlayer',
      'createGame',
      'joinGame',
      'leaveGame',
      'startGame',
      'placeBid',
      'callDudo',
      'callExact',
    ]),
  );
  expect(fields('Subscription')).toEqual(expect.arrayContaining(['gameEvents']));
  expect(fields('Game')).toEqual(
    expect.arrayContaining([
      'id',
      'name',
      'status',
      'rules',
      'host',
      'version',
      'seats',
      'turn',
      'currentRound',
      'rounds',
      'winner',
      'createdAt',
      'startedAt',
      'finishedAt',
      'rollOff',
      'legalActions',
    ]),
  );
  expect(fields('Seat')).toEqual(
    expect.arrayContaining(['position', 'player', 'diceCount', 'eliminated', 'hasBeenPalifico', 'dice']),
  );
  expect(fields('Round')).toEqual(
    expect.arrayContaining([
      'id',
      'number',
      'palifico',
      'palificoSeat',
      'starter',
      'bids',
      'outcome',
      'reveal',
    ]),
  );
  expect(fields('RoundOutcome')).toEqual(
    expect.arrayContaining(['kind', 'caller', 'bid', 'actualCount', 'loser', 'gainer']),
  );
  expect(fields('GameEvent')).toEqual(
    expect.arrayContaining(['seq', 'type', 'game', 'round', 'bid', 'outcome', 'at']),
  );
  expect(fields('UserError')).toEqual(expect.arrayContaining(['code', 'message', 'field']));
  for (const input of [
    'CreateGameInput',
    'GameInput',
    'GameActionInput',
    'PlaceBidInput',
    'RegisterPlayerInput',
  ]) {
    expect([input, fields(input)]).toEqual([input, expect.arrayContaining(['clientMutationId'])]);
  }
  const enumValues = (name: string): string[] => {
    const type = schema.getType(name);
    return type && isEnumType(type) ? type.getValues().map((v) => v.name) : [];
  };
  expect(enumValues('ErrorCode')).toEqual(
    expect.arrayContaining([
      'NOT_YOUR_TURN',
      'BID_NOT_HIGHER',
      'INVALID_BID',
      'OPENING_ACES_NOT_ALLOWED',
      'FACE_LOCKED',
      'NO_BID_TO_CHALLENGE',
      'EXACT_NOT_ALLOWED',
      'GAME_NOT_IN_LOBBY',
      'GAME_NOT_IN_PROGRESS',
      'GAME_FULL',
      'ALREADY_JOINED',
      'NOT_IN_GAME',
      'NOT_HOST',
      'NOT_ENOUGH_PLAYERS',
      'STALE_VERSION',
    ]),
  );
  expect(enumValues('GameStatus')).toEqual(['LOBBY', 'IN_PROGRESS', 'FINISHED', 'CANCELLED']);
  expect(enumValues('CallKind')).toEqual(['DUDO', 'EXACT']);
  expect(enumValues('GameEventType')).toEqual(
    expect.arrayContaining([
      'PLAYER_JOINED',
      'PLAYER_LEFT',
      'GAME_STARTED',
      'ROUND_STARTED',
      'BID_PLACED',
      'DUDO_CALLED',
      'EXACT_CALLED',
      'ROUND_ENDED',
      'PLAYER_ELIMINATED',
      'GAME_FINISHED',
    ]),
  );
});
