import {
  GameDocument,
  inviteLink,
  parseInviteLink,
  PlaceBidDocument,
  RegisterPlayerDocument,
  ViewerDocument,
} from '@perudo/client';
import { prepare, withIdempotencyKey } from '../../packages/client/src/document';

/** What the client reads of a document before it sends it, and the keys it adds; no server needed. */

it('prints a TypedDocumentNode once and reads its kind, name and input type', () => {
  const bid = prepare(PlaceBidDocument);
  expect(bid).toMatchObject({ operationName: 'PlaceBid', mutation: true, inputType: 'PlaceBidInput' });
  expect(bid.query.startsWith('mutation PlaceBid($input: PlaceBidInput!)')).toBe(true);
  // The fragments the operation spreads travel with it.
  expect(bid.query).toContain('fragment GameFields on Game');
  expect(prepare(PlaceBidDocument)).toBe(bid);
  expect(prepare(GameDocument)).toMatchObject({ operationName: 'Game', mutation: false, inputType: null });
  expect(prepare(ViewerDocument).query).toBe('query Viewer {\n  viewer {\n    id\n    name\n  }\n}');
});

it('reads a typed string document (the client preset in string mode) the same way', () => {
  const text = 'mutation CallDudo($input: GameActionInput!) { callDudo(input: $input) { game { id } } }';
  const doc = Object.assign(new String(text), { __apiType: undefined }) as unknown as Parameters<
    typeof prepare
  >[0];
  expect(prepare(doc)).toEqual({
    query: text,
    operationName: 'CallDudo',
    mutation: true,
    inputType: 'GameActionInput',
  });
});

it('gives a keyed mutation one idempotencyKey, and keeps the one the caller chose', () => {
  const doc = prepare(RegisterPlayerDocument);
  const sent = withIdempotencyKey(doc, { input: { name: 'Ana' } }) as {
    input: { name: string; idempotencyKey: string };
  };
  expect(sent.input.name).toBe('Ana');
  expect(sent.input.idempotencyKey).toMatch(/^[0-9a-f-]{32,36}$/);
  expect(
    withIdempotencyKey(doc, { input: { name: 'Ana', idempotencyKey: 'mine-0123456789abcdef' } }),
  ).toEqual({
    input: { name: 'Ana', idempotencyKey: 'mine-0123456789abcdef' },
  });
  // A query is never keyed.
  expect(withIdempotencyKey(prepare(GameDocument), { id: 'x' })).toEqual({ id: 'x' });
});

it('makes and reads invite links as the web client does', () => {
  const link = inviteLink('https://play.example/?api=x#/lobby', 'R2FtZTox', 'ab c/1');
  expect(link).toBe('https://play.example/?api=x#/join/R2FtZTox/ab%20c%2F1');
  expect(parseInviteLink(link)).toEqual({ gameId: 'R2FtZTox', inviteCode: 'ab c/1' });
  expect(parseInviteLink('https://play.example/#/game/R2FtZTox')).toBeNull();
});
