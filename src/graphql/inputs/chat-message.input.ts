// GraphQL input of sendChatMessage.
import { Field, ID, InputType } from 'type-graphql';
import { Emote } from '../types/emote.enum';
import { MutationInput } from './mutation-input';

@InputType({ description: 'Input of sendChatMessage: exactly one of text and emote.' })
export class ChatMessageInput extends MutationInput {
  @Field(() => ID, { description: 'The game whose chat to send to.' })
  gameId!: string;

  @Field(() => String, {
    nullable: true,
    description:
      'The text: trimmed of white space, then 1 to 280 characters as people count them (grapheme clusters, none of more than 16 code points), with something visible; no control characters, bidi controls or line/paragraph separators.',
  })
  text?: string | null;

  @Field(() => Emote, { nullable: true, description: 'An emote instead of a text.' })
  emote?: Emote | null;
}
