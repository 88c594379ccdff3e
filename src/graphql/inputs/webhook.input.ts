// GraphQL inputs of the webhook mutations.
import { Field, ID, InputType } from 'type-graphql';
import { WebhookEventType } from '../types/webhook.type';

@InputType({ description: 'Input of createWebhook.' })
export class CreateWebhookInput {
  @Field({
    description:
      'Where to POST deliveries: an absolute https URL (at most 2048 characters) of a public address; no user name or password.',
  })
  url!: string;

  @Field(() => [WebhookEventType], { description: 'The events to send (at least one).' })
  events!: WebhookEventType[];

  @Field(() => String, { nullable: true, description: 'A note for the owner (at most 200 characters).' })
  description?: string | null;

  @Field(() => String, {
    nullable: true,
    description: 'Echoed back in the payload (at most 128 characters).',
  })
  clientMutationId?: string | null;

  @Field(() => String, {
    nullable: true,
    description:
      'A retry with the same key returns the endpoint it created (and its secret) instead of another.',
  })
  idempotencyKey?: string | null;
}

@InputType({ description: 'Input of updateWebhook: the fields given change, the others stay.' })
export class UpdateWebhookInput {
  @Field(() => ID, { description: "The webhook (one of the viewer's)." })
  webhookId!: string;

  @Field(() => String, { nullable: true, description: 'A new URL (the rules of createWebhook).' })
  url?: string | null;

  @Field(() => [WebhookEventType], { nullable: true, description: 'New events (at least one).' })
  events?: WebhookEventType[] | null;

  @Field(() => String, { nullable: true, description: 'A new note (at most 200 characters; "" clears it).' })
  description?: string | null;

  @Field(() => Boolean, {
    nullable: true,
    description: 'false pauses deliveries; true enables it again (also after the server disabled it).',
  })
  enabled?: boolean | null;

  @Field(() => String, {
    nullable: true,
    description: 'Echoed back in the payload (at most 128 characters).',
  })
  clientMutationId?: string | null;

  @Field(() => String, {
    nullable: true,
    description: 'Accepted for uniformity: the change sets a state, so a retry is harmless.',
  })
  idempotencyKey?: string | null;
}

@InputType({ description: 'Input naming one webhook of the viewer.' })
export class WebhookInput {
  @Field(() => ID, { description: "The webhook (one of the viewer's)." })
  webhookId!: string;

  @Field(() => String, {
    nullable: true,
    description: 'Echoed back in the payload (at most 128 characters).',
  })
  clientMutationId?: string | null;

  @Field(() => String, {
    nullable: true,
    description:
      'rotateWebhookSecret: a retry with the key of the last rotation returns its secret instead of another.',
  })
  idempotencyKey?: string | null;
}

@InputType({ description: 'Input of redeliverWebhook.' })
export class DeliveryInput {
  @Field(() => ID, { description: "The delivery (of one of the viewer's webhooks)." })
  deliveryId!: string;

  @Field(() => String, {
    nullable: true,
    description: 'Echoed back in the payload (at most 128 characters).',
  })
  clientMutationId?: string | null;

  @Field(() => String, {
    nullable: true,
    description: 'Accepted for uniformity: a retry queues the same delivery again, with the same webhook-id.',
  })
  idempotencyKey?: string | null;
}
