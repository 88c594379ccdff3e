// GraphQL types of webhook endpoints, their deliveries and the payloads of their mutations.
import { Field, Int, ObjectType, registerEnumType } from 'type-graphql';
import { Node } from './node.interface';
import { PageInfo } from './page-info.type';
import { UserError } from './user-error.type';

export enum WebhookEventType {
  YOUR_TURN = 'YOUR_TURN',
  GAME_STARTED = 'GAME_STARTED',
  GAME_FINISHED = 'GAME_FINISHED',
  REMATCH_CREATED = 'REMATCH_CREATED',
  SEAT_AWAY = 'SEAT_AWAY',
  KICKED = 'KICKED',
  NUDGED = 'NUDGED',
  CHALLENGE_RECEIVED = 'CHALLENGE_RECEIVED',
  CHALLENGE_ACCEPTED = 'CHALLENGE_ACCEPTED',
  CHALLENGE_DECLINED = 'CHALLENGE_DECLINED',
  CHALLENGE_EXPIRED = 'CHALLENGE_EXPIRED',
}
registerEnumType(WebhookEventType, {
  name: 'WebhookEventType',
  description:
    "What a webhook is sent: the playerEvents types, for the endpoint's owner. A body is `{ type, timestamp, data }`; `data` holds `player`, and for a game's events `game`, `gameName` and `gameVersion` (right after the event), for a challenge's `challenge` and `game`; GAME_FINISHED's `data` is the finished game's export line.",
  valuesConfig: {
    YOUR_TURN: { description: "A turn of the owner's began." },
    GAME_STARTED: { description: 'A game the owner is seated in started.' },
    GAME_FINISHED: { description: "A game the owner played finished: `data` is the game's export line." },
    REMATCH_CREATED: { description: "Another player asked for a rematch of a finished game of the owner's." },
    SEAT_AWAY: { description: "The server took the owner's seat over." },
    KICKED: { description: "The host freed the owner's seat in the lobby." },
    NUDGED: { description: 'Another player nudged the owner, who is on turn.' },
    CHALLENGE_RECEIVED: { description: 'Another player challenged the owner.' },
    CHALLENGE_ACCEPTED: { description: "An invitee accepted the owner's challenge." },
    CHALLENGE_DECLINED: { description: "An invitee declined the owner's challenge." },
    CHALLENGE_EXPIRED: { description: 'A challenge the owner made or received expired unanswered.' },
  },
});

export enum DeliveryStatus {
  PENDING = 'PENDING',
  SUCCEEDED = 'SUCCEEDED',
  FAILED = 'FAILED',
}
registerEnumType(DeliveryStatus, {
  name: 'DeliveryStatus',
  description: 'Where a delivery is.',
  valuesConfig: {
    PENDING: { description: 'Not sent yet, or to be retried at nextAttemptAt.' },
    SUCCEEDED: { description: 'An attempt got a 2xx answer.' },
    FAILED: { description: 'Every attempt of the retry schedule failed (redeliverWebhook sends it again).' },
  },
});

@ObjectType({ implements: Node, description: 'One event sent (or to be sent) to one webhook endpoint.' })
export class WebhookDelivery extends Node {
  @Field({
    description:
      'The `webhook-id` header: the same on every attempt and redelivery, so that a receiver can ignore a repeat.',
  })
  webhookMessageId!: string;

  @Field(() => WebhookEventType, { description: 'The event.' })
  eventType!: WebhookEventType;

  @Field(() => DeliveryStatus, { description: 'Where the delivery is.' })
  status!: DeliveryStatus;

  @Field(() => Int, { description: 'Attempts made so far, redeliveries included.' })
  attempts!: number;

  @Field(() => Date, { nullable: true, description: 'When the last attempt began; null before the first.' })
  lastAttemptAt!: Date | null;

  @Field(() => Date, { nullable: true, description: 'When the next attempt is due; null unless PENDING.' })
  nextAttemptAt!: Date | null;

  @Field(() => Int, {
    nullable: true,
    description:
      "The last attempt's HTTP status; null before it or when no answer came (timeout, network error).",
  })
  responseStatus!: number | null;

  @Field(() => Int, { nullable: true, description: 'How long the last attempt took (ms).' })
  durationMs!: number | null;

  /** The webhook it belongs to (not exposed). */
  webhookId!: string;
}

@ObjectType({ description: 'A delivery in a list.' })
export class WebhookDeliveryEdge {
  @Field({ description: 'Opaque cursor of this edge.' })
  cursor!: string;

  @Field(() => WebhookDelivery, { description: 'The delivery.' })
  node!: WebhookDelivery;
}

@ObjectType({ description: "A page of a webhook's deliveries, newest first." })
export class WebhookDeliveryConnection {
  @Field(() => [WebhookDeliveryEdge], { description: 'The deliveries of this page.' })
  edges!: WebhookDeliveryEdge[];

  @Field(() => [WebhookDelivery], { description: 'The deliveries of this page, without cursors.' })
  nodes!: WebhookDelivery[];

  @Field(() => PageInfo, { description: 'Pagination state.' })
  pageInfo!: PageInfo;
}

@ObjectType({
  implements: Node,
  description:
    "A webhook endpoint of the viewer's: signed POSTs (Standard Webhooks) of the events it asked for. Only its owner reads it.",
})
export class Webhook extends Node {
  @Field({ description: 'Where deliveries are POSTed (https unless the server allows http).' })
  url!: string;

  @Field(() => [WebhookEventType], { description: 'The events it is sent.' })
  events!: WebhookEventType[];

  @Field(() => String, { nullable: true, description: "The owner's note (at most 200 characters)." })
  description!: string | null;

  @Field({
    description: 'Whether deliveries are sent; false once disabled (see disabledReason) or by its owner.',
  })
  enabled!: boolean;

  @Field(() => String, {
    nullable: true,
    description: 'Why the server disabled it (every delivery failed for 3 days); null otherwise.',
  })
  disabledReason!: string | null;

  @Field(() => Date, { description: 'When it was registered.' })
  createdAt!: Date;

  /** The key of the row (not exposed). */
  webhookId!: string;
}

@ObjectType({ description: 'The result of a webhook mutation.' })
export class WebhookPayload {
  @Field(() => Webhook, { nullable: true, description: 'The endpoint; null when refused.' })
  webhook!: Webhook | null;

  @Field(() => String, {
    nullable: true,
    description:
      'The signing secret (`whsec_` + base64 of 32 random bytes): only from createWebhook and rotateWebhookSecret, shown once; keep it to verify the `webhook-signature` header.',
  })
  secret!: string | null;

  @Field(() => [UserError], { description: 'Empty when the change was made.' })
  userErrors!: UserError[];

  @Field(() => String, { nullable: true, description: 'The clientMutationId of the input, echoed.' })
  clientMutationId!: string | null;
}

@ObjectType({ description: 'The result of redeliverWebhook.' })
export class WebhookDeliveryPayload {
  @Field(() => WebhookDelivery, { nullable: true, description: 'The delivery, PENDING again.' })
  delivery!: WebhookDelivery | null;

  @Field(() => [UserError], { description: 'Empty when it was queued again.' })
  userErrors!: UserError[];

  @Field(() => String, { nullable: true, description: 'The clientMutationId of the input, echoed.' })
  clientMutationId!: string | null;
}
