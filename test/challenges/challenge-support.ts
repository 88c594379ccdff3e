// What the challenge tests share: the challenge mutations, the viewer's settings and playerEvents.
import { gql, type GqlResponse, type Player, type UserErrorData } from '../support/graphql-client';
import { Subscription, type WsConnection } from '../support/ws-client';

export const CHALLENGE_FIELDS = `id message status expiresAt createdAt challenger { id }
  invitees { status player { id } }
  game { id status visibility maxPlayers host { id } seats { player { id } } }`;

export interface ChallengeData {
  id: string;
  message: string | null;
  status: string;
  expiresAt: string;
  createdAt: string;
  challenger: { id: string };
  invitees: { status: string; player: { id: string } }[];
  game: {
    id: string;
    status: string;
    visibility: string;
    maxPlayers: number;
    host: { id: string };
    seats: { player: { id: string } }[];
  };
}

export interface ChallengePayloadData {
  challenge: ChallengeData | null;
  userErrors: UserErrorData[];
  clientMutationId: string | null;
}

type ChallengeMutation = 'challengePlayers' | 'acceptChallenge' | 'declineChallenge' | 'cancelChallenge';
const INPUTS: Record<ChallengeMutation, string> = {
  challengePlayers: 'ChallengeInput',
  acceptChallenge: 'ChallengeIdInput',
  declineChallenge: 'ChallengeIdInput',
  cancelChallenge: 'ChallengeIdInput',
};

export function challengeMutation(
  url: string,
  name: ChallengeMutation,
  input: Record<string, unknown>,
  player: Player,
): Promise<GqlResponse<Record<string, ChallengePayloadData>>> {
  return gql<Record<string, ChallengePayloadData>>(
    url,
    `mutation($input: ${INPUTS[name]}!) {
       ${name}(input: $input) { challenge { ${CHALLENGE_FIELDS} } userErrors { code message field } clientMutationId }
     }`,
    { input },
    player.token,
  );
}

/** The payload of a challenge mutation answered without a top-level error. */
export async function payload(
  reply: Promise<GqlResponse<Record<string, ChallengePayloadData>>>,
): Promise<ChallengePayloadData> {
  const r = await reply;
  const p = r.body.data ? Object.values(r.body.data)[0] : undefined;
  if (!p) throw new Error(`no payload: ${r.text}`);
  return p;
}

/** A challenge that must be made: it, as the challenger sees it. */
export async function challenged(
  url: string,
  challenger: Player,
  invitees: readonly Player[],
  input: Record<string, unknown> = {},
): Promise<ChallengeData> {
  const p = await payload(
    challengeMutation(
      url,
      'challengePlayers',
      { playerIds: invitees.map((i) => i.id), preset: 'PUB', ...input },
      challenger,
    ),
  );
  if (!p.challenge || p.userErrors.length > 0)
    throw new Error(`challengePlayers refused: ${JSON.stringify(p)}`);
  return p.challenge;
}

/** A block, unblock or policy change as `player`. */
export function setting(
  url: string,
  name: 'blockPlayer' | 'unblockPlayer' | 'setChallengePolicy',
  input: Record<string, unknown>,
  player: Player,
) {
  const type = name === 'setChallengePolicy' ? 'ChallengePolicyInput' : 'PlayerIdInput';
  return gql<
    Record<
      string,
      { player: { id: string } | null; userErrors: UserErrorData[]; clientMutationId: string | null }
    >
  >(
    url,
    `mutation($input: ${type}!) { ${name}(input: $input) { player { id } userErrors { code message } clientMutationId } }`,
    { input },
    player.token,
  );
}

export interface PlayerEventData {
  type: string;
  at: string;
  game: { id: string; status: string };
  challenge: { id: string; status: string } | null;
}

const PLAYER_EVENTS = `subscription { playerEvents { type at game { id status } challenge { id status } } }`;

export function playerEvents(conn: WsConnection): Subscription<PlayerEventData> {
  return new Subscription<PlayerEventData>(conn.client, PLAYER_EVENTS, {}, 'playerEvents');
}

/** The CHALLENGE_* events a subscription received, as [type, challenge id]. */
export function challengeEvents(sub: Subscription<PlayerEventData>): [string, string | null][] {
  return sub.items
    .filter((e) => e.type.startsWith('CHALLENGE_'))
    .map((e) => [e.type, e.challenge?.id ?? null]);
}

export function codesOf(reply: { body: { errors?: readonly { extensions?: Record<string, unknown> }[] } }) {
  return (reply.body.errors ?? []).map((e) => e.extensions?.code);
}
