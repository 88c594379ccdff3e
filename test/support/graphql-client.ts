// The tests' GraphQL-over-HTTP client: requests, replies, players and game mutations, as any client would send them.

export interface GqlError {
  message: string;
  path?: (string | number)[];
  locations?: { line: number; column: number }[];
  extensions?: { code?: string; stacktrace?: string[]; [key: string]: unknown };
}

export interface GqlBody<T> {
  data?: T | null;
  errors?: GqlError[];
}

/** Any HTTP reply, kept whole: status, headers, raw text and the parsed body (null when not JSON). */
export interface Reply<T = Record<string, unknown>> {
  status: number;
  headers: Headers;
  /** The raw response text, for assertions on exactly what went over the wire. */
  text: string;
  body: GqlBody<T> | null;
}

/** The reply to a GraphQL operation: its body is JSON. */
export interface GqlResponse<T = Record<string, unknown>> extends Reply<T> {
  body: GqlBody<T>;
}

export type Variables = Record<string, unknown>;

export async function send<T = Record<string, unknown>>(url: string, init: RequestInit): Promise<Reply<T>> {
  const response = await fetch(url, init);
  const text = await response.text();
  let body: Reply<T>['body'] = null;
  try {
    body = JSON.parse(text) as Reply<T>['body'];
  } catch {
    body = null;
  }
  return { status: response.status, headers: response.headers, text, body };
}

/** POSTs any JSON payload (an operation, a batch, garbage) and keeps the whole reply. */
export function postJson<T = Record<string, unknown>>(
  url: string,
  payload: unknown,
  headers: Record<string, string> = {},
): Promise<Reply<T>> {
  return send<T>(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof payload === 'string' ? payload : JSON.stringify(payload),
  });
}

/** POSTs one operation as `token`'s player (none: anonymous); `headers` go as given, after it. */
export async function gql<T = Record<string, unknown>>(
  url: string,
  query: string,
  variables: Variables = {},
  token?: string | null,
  headers: Record<string, string> = {},
): Promise<GqlResponse<T>> {
  const reply = await postJson<T>(
    url,
    { query, variables },
    {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...headers,
    },
  );
  if (!reply.body) throw new Error(`HTTP ${reply.status}: not JSON: ${reply.text.slice(0, 500)}`);
  return { ...reply, body: reply.body };
}

/** The data of a reply that must have succeeded; fails with the reply otherwise. */
export function dataOf<T>(reply: Reply<T>): T {
  if (reply.status !== 200 || !reply.body || reply.body.errors || !reply.body.data) {
    throw new Error(`expected a successful reply, got HTTP ${reply.status}: ${reply.text}`);
  }
  return reply.body.data;
}

/** The top-level errors of a reply (empty when none). */
export function errorsOf(reply: Reply<unknown>): GqlError[] {
  return reply.body?.errors ?? [];
}

/** The single top-level error of a failed reply. */
export function onlyError(reply: Reply<unknown>): GqlError {
  const errors = errorsOf(reply);
  if (errors.length !== 1) {
    throw new Error(`expected exactly one error, got HTTP ${reply.status}: ${reply.text}`);
  }
  return errors[0]!;
}

// ---------------------------------------------------------------------------------------------------------
// Players

export interface Player {
  id: string;
  name: string;
  token: string;
}

export interface UserErrorData {
  code: string;
  message: string;
  field: string[] | null;
}

export async function registerPlayer(url: string, name: string): Promise<Player> {
  const data = dataOf(
    await gql<{
      registerPlayer: { player: { id: string; name: string }; token: string; userErrors: UserErrorData[] };
    }>(
      url,
      `mutation($input: RegisterPlayerInput!) {
         registerPlayer(input: $input) { player { id name } token userErrors { code message field } }
       }`,
      { input: { name } },
    ),
  );
  const { player, token, userErrors } = data.registerPlayer;
  if (userErrors.length > 0) throw new Error(`registerPlayer refused: ${JSON.stringify(userErrors)}`);
  return { id: player.id, name: player.name, token };
}

// ---------------------------------------------------------------------------------------------------------
// Games

/** What a player needs to decide a move (and what the game mutations select unless told otherwise). */
export const PLAY_FIELDS = `
  id status version lastEventSeq rules { wildAces exact exactCaller } turn { position }
  winner { id }
  seats { position diceCount eliminated dice player { id } }
  legalActions { canBid canDudo canExact minBids { face minQuantity } }
  currentRound { number palifico bids { quantity face seat { position } } }`;

export interface LegalActions {
  canBid: boolean;
  canDudo: boolean;
  canExact: boolean;
  minBids: { face: number; minQuantity: number }[];
}

export interface PlayView {
  id: string;
  status: 'LOBBY' | 'IN_PROGRESS' | 'FINISHED' | 'CANCELLED';
  version: number;
  lastEventSeq: number;
  rules: {
    wildAces: boolean;
    exact: 'NONE' | 'CALZA' | 'JINTO';
    exactCaller: 'ANY_EXCEPT_NEXT' | 'NEXT_ONLY';
  };
  turn: { position: number } | null;
  winner: { id: string } | null;
  seats: {
    position: number;
    diceCount: number;
    eliminated: boolean;
    dice: number[] | null;
    player: { id: string };
  }[];
  legalActions: LegalActions | null;
  currentRound: {
    number: number;
    palifico: boolean;
    bids: { quantity: number; face: number; seat: { position: number } }[];
  } | null;
}

/** The game as `viewer` sees it (none: a spectator); fails when there is no such game. */
export async function playView(url: string, gameId: string, viewer?: Player | null): Promise<PlayView> {
  const data = dataOf(
    await gql<{ game: PlayView | null }>(
      url,
      `query($id: ID!) { game(id: $id) { ${PLAY_FIELDS} } }`,
      { id: gameId },
      viewer?.token,
    ),
  );
  if (!data.game) throw new Error(`game ${gameId} not found`);
  return data.game;
}

export const INPUT_TYPES = {
  createGame: 'CreateGameInput',
  joinGame: 'GameInput',
  leaveGame: 'GameInput',
  startGame: 'GameInput',
  placeBid: 'PlaceBidInput',
  callDudo: 'GameActionInput',
  callExact: 'GameActionInput',
} as const;

export type GameMutation = keyof typeof INPUT_TYPES;

export interface GamePayload<G = PlayView> {
  game: G | null;
  userErrors: UserErrorData[];
  clientMutationId: string | null;
}

/** The text of a one-mutation document on `input`, selecting the game's `fields` and the rest of the payload. */
export function mutationText(name: GameMutation, fields = PLAY_FIELDS): string {
  return `mutation($input: ${INPUT_TYPES[name]}!) { ${name}(input: $input) { game { ${fields} } userErrors { code message field } clientMutationId } }`;
}

/** Runs a game mutation as `token`'s player and returns its reply (the payload is under data[name]). */
export function mutate<G = PlayView>(
  url: string,
  name: GameMutation,
  input: object,
  token?: string | null,
  fields = PLAY_FIELDS,
): Promise<GqlResponse<Record<string, GamePayload<G>>>> {
  return gql<Record<string, GamePayload<G>>>(url, mutationText(name, fields), { input }, token);
}

/** The payload of a game mutation that returned without top-level errors. */
export function payloadOf<G>(reply: Reply<Record<string, GamePayload<G>>>): GamePayload<G> {
  const payload = Object.values(dataOf(reply))[0];
  if (!payload) throw new Error(`no payload in ${reply.text}`);
  return payload;
}

/** The game of an accepted mutation; fails with the reply when it was refused in any way. */
export function accepted<G>(reply: Reply<Record<string, GamePayload<G>>>, what: string): G {
  const payload = payloadOf(reply);
  if (payload.userErrors.length > 0 || !payload.game) {
    throw new Error(`${what} was refused: ${JSON.stringify(payload.userErrors)}`);
  }
  return payload.game;
}

/** A game mutation as `player` that must be accepted: the game after it, as the player sees it. */
export async function acceptedMutation(
  url: string,
  name: GameMutation,
  player: Player,
  input: object,
): Promise<PlayView> {
  return accepted(await mutate(url, name, input, player.token), name);
}

/** Creates a game hosted by players[0] and seats the others; returns its ID. */
async function seatedGame(url: string, players: readonly Player[], input: object): Promise<string> {
  const created = accepted(await mutate(url, 'createGame', input, players[0]!.token), 'createGame');
  for (const p of players.slice(1)) {
    accepted(await mutate(url, 'joinGame', { gameId: created.id }, p.token), 'joinGame');
  }
  return created.id;
}

/** A game hosted by players[0] with the others seated, in its lobby, as a spectator sees it. */
export async function lobbyGame(
  url: string,
  players: readonly Player[],
  input: object = { preset: 'PERUDO' },
): Promise<PlayView> {
  return playView(url, await seatedGame(url, players, input));
}

/** A game hosted by players[0] with the others seated, started: its `fields` as the host sees them. */
export async function startedGame<G = PlayView>(
  url: string,
  players: readonly Player[],
  input: object = { preset: 'PUB' },
  fields = PLAY_FIELDS,
): Promise<G> {
  const gameId = await seatedGame(url, players, input);
  return accepted(await mutate<G>(url, 'startGame', { gameId }, players[0]!.token, fields), 'startGame');
}
