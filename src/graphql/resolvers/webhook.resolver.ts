// Webhook endpoints: the owner registers, changes, deletes them and rotates their secrets, reads their
// deliveries and sends one again. Nobody else reads or changes them (NOT_FOUND, as for an unknown one).
import { Arg, Authorized, Ctx, FieldResolver, Int, Mutation, Resolver, Root } from 'type-graphql';
import type { GraphQLContext } from '../context';
import { badInput, notFound } from '../errors';
import { fromGlobalId, toGlobalId } from '../ids';
import { CreateWebhookInput, DeliveryInput, UpdateWebhookInput, WebhookInput } from '../inputs/webhook.input';
import { databaseCost, listCost } from '../operation-costs';
import { Player } from '../types/player.type';
import {
  Webhook,
  WebhookDelivery,
  WebhookDeliveryConnection,
  WebhookDeliveryPayload,
  WebhookPayload,
  type DeliveryStatus,
  type WebhookEventType,
} from '../types/webhook.type';
import * as valid from '../validation';
import { userError } from './game-mutation';
import { WebhookInputError, type WebhookChange, type WebhooksService } from '../../webhooks/webhooks.service';
import type { DeliveryRecord, WebhookRecord } from '../../webhooks/webhooks.repository';

export function toWebhook(r: WebhookRecord): Webhook {
  return Object.assign(new Webhook(), {
    id: toGlobalId('Webhook', r.id),
    webhookId: r.id,
    url: r.url,
    events: r.events as WebhookEventType[],
    description: r.description,
    enabled: r.enabled,
    disabledReason: r.disabledReason,
    createdAt: r.createdAt,
  });
}

export function toDelivery(r: DeliveryRecord): WebhookDelivery {
  return Object.assign(new WebhookDelivery(), {
    id: toGlobalId('WebhookDelivery', r.id),
    webhookId: r.webhookId,
    webhookMessageId: r.messageId,
    eventType: r.eventType as WebhookEventType,
    status: r.status as DeliveryStatus,
    attempts: r.attempts,
    lastAttemptAt: r.lastAttemptAt,
    nextAttemptAt: r.nextAttemptAt,
    responseStatus: r.responseStatus,
    durationMs: r.durationMs,
  });
}

function webhookKey(id: string, field = 'webhookId'): string {
  const decoded = fromGlobalId(id);
  if (!decoded) throw badInput(`${field} is not a valid ID`, field);
  if (decoded.type !== 'Webhook') throw notFound(`webhook ${id}`);
  return decoded.webhookId;
}

function deliveryKey(id: string, field = 'deliveryId'): string {
  const decoded = fromGlobalId(id);
  if (!decoded) throw badInput(`${field} is not a valid ID`, field);
  if (decoded.type !== 'WebhookDelivery') throw notFound(`delivery ${id}`);
  return decoded.deliveryId;
}

function service(ctx: GraphQLContext): WebhooksService {
  if (!ctx.services.webhooks) throw new Error('webhooks are not wired in this process');
  return ctx.services.webhooks;
}

const DESCRIPTION_MAX = 200;

/** Runs a change, BAD_USER_INPUT for what breaks an input rule. */
async function change(run: () => Promise<WebhookChange>): Promise<WebhookChange> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof WebhookInputError) throw badInput(error.message, error.field);
    throw error;
  }
}

function payload(outcome: WebhookChange, clientMutationId: string | null, what: string): WebhookPayload {
  const out: WebhookPayload = Object.assign(new WebhookPayload(), {
    webhook: null,
    secret: null,
    userErrors: [],
    clientMutationId,
  });
  switch (outcome.kind) {
    case 'not_found':
      throw notFound(what);
    case 'refused':
      out.userErrors = [userError(outcome.code, outcome.message, outcome.field)];
      return out;
    case 'ok':
      out.webhook = toWebhook(outcome.webhook);
      out.secret = outcome.secret;
      return out;
  }
}

@Resolver(() => Webhook)
export class WebhookResolver {
  @Authorized()
  @Mutation(() => WebhookPayload, {
    description:
      "Registers a webhook endpoint of the viewer's (at most 10): signed POSTs of the events it names, retried for about a day and a half; the secret is in the payload, shown once.",
  })
  async createWebhook(
    @Arg('input', () => CreateWebhookInput, { description: 'The URL, the events and a note.' })
    input: CreateWebhookInput,
    @Ctx() ctx: GraphQLContext,
  ): Promise<WebhookPayload> {
    const clientMutationId = valid.clientMutationId(input.clientMutationId);
    const idempotencyKey = valid.idempotencyKey(input.idempotencyKey);
    const description = valid.optionalText(input.description, 'description', DESCRIPTION_MAX) || null;
    const outcome = await change(() =>
      service(ctx).create(
        ctx.viewer!.id,
        { url: input.url, events: input.events, description },
        idempotencyKey,
      ),
    );
    return payload(outcome, clientMutationId, 'that webhook');
  }

  @Authorized()
  @Mutation(() => WebhookPayload, {
    description: "Changes a webhook of the viewer's: its URL, events, note, or whether it is enabled.",
  })
  async updateWebhook(
    @Arg('input', () => UpdateWebhookInput, { description: 'The webhook and what changes.' })
    input: UpdateWebhookInput,
    @Ctx() ctx: GraphQLContext,
  ): Promise<WebhookPayload> {
    const clientMutationId = valid.clientMutationId(input.clientMutationId);
    valid.idempotencyKey(input.idempotencyKey);
    const id = webhookKey(input.webhookId);
    const description =
      input.description === undefined || input.description === null
        ? undefined
        : valid.optionalText(input.description, 'description', DESCRIPTION_MAX) || null;
    const outcome = await change(() =>
      service(ctx).update(ctx.viewer!.id, id, {
        ...(input.url != null && { url: input.url }),
        ...(input.events != null && { events: input.events }),
        ...(description !== undefined && { description }),
        ...(input.enabled != null && { enabled: input.enabled }),
      }),
    );
    return payload(outcome, clientMutationId, `webhook ${input.webhookId}`);
  }

  @Authorized()
  @Mutation(() => WebhookPayload, {
    description: "Deletes a webhook of the viewer's and its deliveries; the payload shows what was deleted.",
  })
  async deleteWebhook(
    @Arg('input', () => WebhookInput, { description: 'The webhook.' }) input: WebhookInput,
    @Ctx() ctx: GraphQLContext,
  ): Promise<WebhookPayload> {
    const clientMutationId = valid.clientMutationId(input.clientMutationId);
    valid.idempotencyKey(input.idempotencyKey);
    const id = webhookKey(input.webhookId);
    const outcome = await service(ctx).delete(ctx.viewer!.id, id);
    return payload(outcome, clientMutationId, `webhook ${input.webhookId}`);
  }

  @Authorized()
  @Mutation(() => WebhookPayload, {
    description:
      "Gives a webhook of the viewer's a new secret (in the payload, shown once); the old one still signs too for 24 hours, so that a receiver can switch without missing a delivery.",
  })
  async rotateWebhookSecret(
    @Arg('input', () => WebhookInput, { description: 'The webhook.' }) input: WebhookInput,
    @Ctx() ctx: GraphQLContext,
  ): Promise<WebhookPayload> {
    const clientMutationId = valid.clientMutationId(input.clientMutationId);
    const idempotencyKey = valid.idempotencyKey(input.idempotencyKey);
    const id = webhookKey(input.webhookId);
    const outcome = await service(ctx).rotateSecret(ctx.viewer!.id, id, idempotencyKey);
    return payload(outcome, clientMutationId, `webhook ${input.webhookId}`);
  }

  @Authorized()
  @Mutation(() => WebhookDeliveryPayload, {
    description:
      "Sends a delivery of one of the viewer's webhooks again, now, with the same webhook-id and body, retried as a new delivery would be.",
  })
  async redeliverWebhook(
    @Arg('input', () => DeliveryInput, { description: 'The delivery.' }) input: DeliveryInput,
    @Ctx() ctx: GraphQLContext,
  ): Promise<WebhookDeliveryPayload> {
    const clientMutationId = valid.clientMutationId(input.clientMutationId);
    valid.idempotencyKey(input.idempotencyKey);
    const id = deliveryKey(input.deliveryId);
    const delivery = await service(ctx).redeliver(ctx.viewer!.id, id);
    if (!delivery) throw notFound(`delivery ${input.deliveryId}`);
    return Object.assign(new WebhookDeliveryPayload(), {
      delivery: toDelivery(delivery),
      userErrors: [],
      clientMutationId,
    });
  }

  @FieldResolver(() => WebhookDeliveryConnection, {
    complexity: listCost(20),
    description: 'Its deliveries, newest first.',
  })
  async deliveries(
    @Root() webhook: Webhook,
    @Ctx() ctx: GraphQLContext,
    @Arg('first', () => Int, { nullable: true, description: 'Page size, 0 to 100 (default 20).' })
    first?: number | null,
    @Arg('after', () => String, { nullable: true, description: 'The endCursor of the previous page.' })
    after?: string | null,
  ): Promise<WebhookDeliveryConnection> {
    const size = valid.pageSize(first);
    const afterId = after ? deliveryKey(after, 'after') : null;
    const rows = size === 0 ? [] : await service(ctx).deliveries(webhook.webhookId, size + 1, afterId);
    const page = rows.slice(0, size).map(toDelivery);
    return Object.assign(new WebhookDeliveryConnection(), {
      edges: page.map((node) => ({ cursor: node.id, node })),
      nodes: page,
      pageInfo: {
        hasNextPage: rows.length > size,
        hasPreviousPage: afterId !== null,
        startCursor: page[0]?.id ?? null,
        endCursor: page[page.length - 1]?.id ?? null,
      },
    });
  }
}

@Resolver(() => Player)
export class PlayerWebhooksResolver {
  @FieldResolver(() => [Webhook], {
    nullable: true,
    complexity: databaseCost(),
    description: "The viewer's own webhook endpoints, oldest first; null for any other player.",
  })
  async webhooks(@Root() player: Player, @Ctx() ctx: GraphQLContext): Promise<Webhook[] | null> {
    if (!ctx.viewer || ctx.viewer.id !== player.playerId) return null;
    return (await service(ctx).list(player.playerId)).map(toWebhook);
  }
}

/** node(id) of a Webhook or a WebhookDelivery: its owner's only, null for anyone else. */
export async function webhookNode(
  ctx: GraphQLContext,
  decoded: { type: 'Webhook'; webhookId: string } | { type: 'WebhookDelivery'; deliveryId: string },
): Promise<Webhook | WebhookDelivery | null> {
  if (!ctx.viewer || !ctx.services.webhooks) return null;
  if (decoded.type === 'Webhook') {
    const found = await ctx.services.webhooks.find(ctx.viewer.id, decoded.webhookId);
    return found ? toWebhook(found) : null;
  }
  const found = await ctx.services.webhooks.delivery(ctx.viewer.id, decoded.deliveryId);
  return found ? toDelivery(found) : null;
}
