// GraphQL type of the result of sendChatMessage.
import { Field, ObjectType } from 'type-graphql';
import { ChatMessage } from './chat-message.type';
import { UserError } from './user-error.type';

@ObjectType({ description: 'The result of sendChatMessage.' })
export class ChatMessagePayload {
  @Field(() => ChatMessage, { nullable: true, description: 'The message as accepted; null when refused.' })
  message!: ChatMessage | null;

  @Field(() => [UserError], { description: 'Empty when the message was accepted.' })
  userErrors!: UserError[];

  @Field(() => String, { nullable: true, description: 'The clientMutationId of the input, echoed.' })
  clientMutationId!: string | null;
}
