// GraphQL type of a table chat message.
import { Field, Int, ObjectType } from 'type-graphql';
import type { ChatRecord } from '../../chat/chat.repository';
import { Emote } from './emote.enum';
import { Node } from './node.interface';

@ObjectType({
  implements: Node,
  description:
    "A message of a game's table chat: a text or an emote. Chat is not game state: it never changes Game.version and is never in the game's events.",
})
export class ChatMessage extends Node {
  @Field(() => Int, {
    description: "The message's place in the game's own chat sequence, from 1, without gaps.",
  })
  seq!: number;

  @Field(() => String, {
    nullable: true,
    description: 'The text as sent, trimmed; never HTML-escaped: render it as text. Null for an emote.',
  })
  text!: string | null;

  @Field(() => Emote, { nullable: true, description: 'The emote; null for a text.' })
  emote!: Emote | null;

  @Field({ description: 'When the server accepted the message.' })
  at!: Date;

  /** The stored message (game, author and seat at sending); not exposed. */
  record!: ChatRecord;
}
