// One execution per audience: the registry of viewer-dependent fields, and a differential property test that
// compares each subscriber's result with graphql-js executing its document for its own viewer.
import 'reflect-metadata';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { execute, isObjectType, type GraphQLSchema } from 'graphql';
import {
  applyCommand,
  applyEvent,
  createGame,
  PRESETS,
  seededRng,
  type GameEvent,
  type GameState,
  type PresetName,
} from '../../src/engine';
import { pid, AT } from '../../src/engine/testing/builders';
import { randomMove } from '../../src/engine/testing/random-player';
import { AUDIENCE_FIELDS, audienceOf, documentDependencies } from '../../src/graphql/audiences';
import { createContext, type GraphQLContext, type Services } from '../../src/graphql/context';
import { createSchema } from '../../src/graphql/schema';
import type { FeedItem } from '../../src/realtime/game-feed';
import type { PlayerRecord } from '../../src/store/player.repository';
import { workCounts } from '../../src/instrumentation/work-counts';
import { SubscriptionExecutor } from '../../src/ws/subscription-executor';

let schema: GraphQLSchema;
beforeAll(async () => {
  schema = await createSchema();
});

describe('the registry of fields an audience may share', () => {
  it('names only fields the schema has', () => {
    for (const [type, fields] of Object.entries(AUDIENCE_FIELDS)) {
      const t = schema.getType(type);
      expect(t && isObjectType(t) ? type : `${type} is not an object type`).toBe(type);
      const known = Object.keys((t as { getFields(): object }).getFields());
      for (const field of Object.keys(fields))
        expect(`${type}.${field}`).toBe(known.includes(field) ? `${type}.${field}` : '?');
    }
  });

  it('fails when a resolver of a field listed as viewer-independent reads the viewer', () => {
    // Every field resolver of the listed types: those listed without a dependency must not read the viewer,
    // the token, the socket or the client's budget (they would differ between the viewers sharing a result).
    const dir = path.join(__dirname, '..', '..', 'src', 'graphql', 'resolvers');
    const offenders: string[] = [];
    const checked: string[] = [];
    for (const file of readdirSync(dir).filter((f) => f.endsWith('.ts'))) {
      const text = readFileSync(path.join(dir, file), 'utf8');
      for (const cls of text.split(/(?=@Resolver\()/).slice(1)) {
        const type = /^@Resolver\(\(\) => (\w+)\)/.exec(cls)?.[1];
        if (!type || !AUDIENCE_FIELDS[type]) continue;
        for (const part of cls.split(/(?=@FieldResolver\()/).slice(1)) {
          const method = /\n\s+(?:async\s+)?(\w+)\(\s*(?:\n\s*)?@/.exec(part)?.[1];
          if (!method) continue;
          const listed = Object.hasOwn(AUDIENCE_FIELDS[type]!, method);
          if (!listed) continue;
          checked.push(`${type}.${method}`);
          if (
            AUDIENCE_FIELDS[type]![method] === null &&
            /\b(viewer|token|socketKey|chargeReplay|chargeRegistration)\b/.test(part)
          )
            offenders.push(`${type}.${method} (${file})`);
        }
      }
    }
    expect(offenders).toEqual([]);
    // The resolvers the list relies on were found (the check above saw them).
    expect(checked.sort()).toEqual(
      expect.arrayContaining([
        'Game.host',
        'Game.odds',
        'Game.spectatorCount',
        'Game.winner',
        'GameEvent.player',
        'Round.bids',
        'Round.serverKey',
        'Seat.connected',
        'Seat.player',
      ]),
    );
  });

  it('shares a document that selects nothing of the viewer between every viewer', () => {
    const deps = documentDependencies(
      schema,
      parse('subscription { gameEvents(gameId: "g") { seq game { version seats { diceCount } } } }'),
    );
    expect(deps).toEqual({ seat: false, actions: false });
    expect(
      documentDependencies(
        schema,
        parse('subscription { gameEvents(gameId: "g") { game { seats { dice } } } }'),
      ),
    ).toEqual({ seat: true, actions: false });
    expect(
      documentDependencies(
        schema,
        parse('subscription { gameEvents(gameId: "g") { game { legalActions { canBid } } } }'),
      ),
    ).toEqual({ seat: false, actions: true });
    // A field outside the list: each viewer its own execution.
    expect(
      documentDependencies(
        schema,
        parse('subscription { gameEvents(gameId: "g") { game { rounds(first: 1) { edges { cursor } } } } }'),
      ),
    ).toBeNull();
    expect(documentDependencies(schema, parse('subscription { lobbyEvents { id } }'))).toBeNull();
  });
});

function parse(text: string) {
  return new SubscriptionExecutor(schema).parse(text).document;
}

// ------------------------------------------------------------------------------------ differential test

const PLAYERS = 6;
const UNSEATED = pid(90);

function playerRecord(id: string): PlayerRecord {
  const n = id.slice(-2);
  return {
    id,
    name: `Player ${n}`,
    createdAt: new Date(AT),
    botLevel: null,
    ownerId: null,
    retired: false,
    arenaReference: null,
  };
}

/** The services the listed fields read: the players' records (loaded by id, as from the database). */
const services = {
  players: {
    findByIds: (ids: readonly string[]) => Promise.resolve(ids.map(playerRecord)),
  },
} as unknown as Services;

function contextFor(viewer: string | null): GraphQLContext {
  return createContext(services, viewer === null ? null : playerRecord(viewer));
}

/** Every (event, state right after it) of a random game of `preset`, from creation to its end. */
function randomGame(preset: PresetName, players: number, seed: number): FeedItem[] {
  const gameId = '00000000-0000-4000-8000-000000000001';
  const rng = seededRng(seed);
  const choices = seededRng(seed ^ 0x2545f491);
  const items: FeedItem[] = [];
  let state: GameState | null = null;
  const take = (events: readonly GameEvent[]) => {
    for (const event of events) {
      state = applyEvent(state, event);
      items.push({ gameId, event, state });
    }
  };
  const created = createGame({ host: pid(0), rules: PRESETS[preset], maxPlayers: PLAYERS }, AT);
  if (!created.ok) throw new Error(created.violation.message);
  take(created.events);
  const apply = (command: Parameters<typeof applyCommand>[1]) => {
    const r = applyCommand(state!, command, { rng, at: AT });
    if (r.ok) take(r.events);
  };
  for (let i = 1; i < players; i++) apply({ type: 'JOIN', playerId: pid(i) });
  apply({ type: 'START', playerId: pid(0) });
  for (let i = 0; i < 400 && state!.status === 'IN_PROGRESS'; i++) {
    const move = randomMove(state!, choices, { leaveRate: 0.01, challengeRate: 0.3, exactRate: 0.3 });
    if (move) apply(move.command);
  }
  return items;
}

/** Pieces of a gameEvents selection: a document is a random non-empty set of them. */
const PIECES = [
  'seq type at',
  'game { version status lastEventSeq turn { position } }',
  'game { seats { position diceCount dice eliminated left away player { name isBot } } }',
  'mine: game { viewerSeat { position dice } }',
  'game { legalActions { canBid canDudo canExact minBids { face minQuantity } } }',
  'game { legalActions { minBids { probability } standingBidOdds { atLeast exactly } } }',
  'game { odds(quantity: 2, face: 3) { atLeast exactly } }',
  'game { inviteCode visibility rated allowSpectators }',
  'round { number palifico bids { quantity face byBot seat { position } } reveal { seat { position } dice } outcome { kind actualCount loser { position } gainer { position } } }',
  '...EventParts',
  'game { ... on Game { currentRound { number turn { position } starter { position dice } } } }',
  'hidden: game @include(if: $withDice) { seats { dice } }',
  'shown: game @skip(if: $withDice) { id rules { preset wildAces } }',
  'game { rounds(first: 2) { edges { node { number ended } } } }',
  '__typename game { __typename id host { name } winner { name } }',
  'player { id name } seat { id position }',
  'bid { quantity face seat { dice } }',
];

const FRAGMENT = 'fragment EventParts on GameEvent { seat { position dice } bid { quantity face at } }';

function documentOf(pieces: readonly number[]): string {
  const body = pieces.map((i) => PIECES[i]).join(' ');
  const fragment = body.includes('...EventParts') ? ` ${FRAGMENT}` : '';
  const withDice = body.includes('$withDice') ? ', $withDice: Boolean = true' : '';
  return `subscription Events($g: ID!${withDice}) { gameEvents(gameId: $g) { ${body} } }${fragment}`;
}

describe('one execution per audience gives each viewer what graphql-js gives it', () => {
  const presets = Object.keys(PRESETS) as PresetName[];
  it('every frame is byte-identical to graphql-js for that viewer, and audiences share', async () => {
    let sharedSeen = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...presets),
        fc.integer({ min: 2, max: PLAYERS }),
        fc.integer(),
        fc.uniqueArray(fc.integer({ min: 0, max: PIECES.length - 1 }), { minLength: 1, maxLength: 5 }),
        fc.boolean(),
        fc.array(fc.nat(), { minLength: 3, maxLength: 3 }),
        async (preset, players, seed, pieces, withDice, moments) => {
          const items = randomGame(preset, players, seed);
          const text = documentOf(pieces);
          const executor = new SubscriptionExecutor(schema, 100, {
            dependencies: documentDependencies,
            audience: audienceOf,
          });
          // Each seat's player, a player who never sat, and an anonymous spectator; a player who left
          // keeps a seat marked left.
          const viewers: (string | null)[] = [
            ...Array.from({ length: players }, (_, i) => pid(i)),
            UNSEATED,
            null,
          ];
          const variableValues = text.includes('$withDice') ? { g: 'game', withDice } : { g: 'game' };
          const renderers = viewers.map((viewer) => {
            const { document, errors } = executor.parse(text);
            expect(errors).toEqual([]);
            return executor.renderer({
              schema,
              document,
              variableValues,
              operationName: 'Events',
              contextValue: contextFor(viewer),
            });
          });
          const before = workCounts.sharedResults;
          for (const moment of moments) {
            const item = items[moment % items.length]!;
            const frames = await Promise.all(renderers.map((render) => render(item)));
            for (const [i, viewer] of viewers.entries()) {
              const expected = await execute({
                schema,
                document: executor.parse(text).document,
                // A copy: the cost of the bids read is counted per root object (per event's execution).
                rootValue: { ...item },
                contextValue: contextFor(viewer),
                variableValues,
                operationName: 'Events',
              });
              expect(JSON.stringify(frames[i])).toBe(JSON.stringify(expected));
              // Viewers without a seat see no dice but those of an ended round's reveal.
              if (viewer === null || viewer === UNSEATED) {
                const shown = JSON.stringify(frames[i], (k, v: unknown) => (k === 'reveal' ? undefined : v));
                expect(shown).not.toMatch(/"dice":\[/);
              }
            }
          }
          sharedSeen += workCounts.sharedResults - before;
        },
      ),
      { numRuns: 60 },
    );
    // Some documents were shared between viewers (the property holds for the fast path, not only the fallback).
    expect(sharedSeen).toBeGreaterThan(0);
  }, 120_000);
});
