// GraphQL inputs of addBot and removeBot.
import { Field, InputType, Int } from 'type-graphql';
import { BotLevel } from '../types/enums';
import { PLAYER_NAME_MAX_LENGTH } from '../validation';
import { GameMoveInput } from './game.input';

@InputType({ description: 'Input of addBot.' })
export class AddBotInput extends GameMoveInput {
  @Field(() => BotLevel, { defaultValue: BotLevel.NORMAL, description: 'How well the bot plays.' })
  level!: BotLevel;

  @Field(() => String, {
    nullable: true,
    description: `Its display name, under registerPlayer's character rules (1 to ${PLAYER_NAME_MAX_LENGTH} characters, nothing invisible or blank) and never one that is or looks like a person's name; by default its level and a number no other bot at the table has, e.g. "HARD bot 2".`,
  })
  name?: string | null;
}

@InputType({ description: 'Input of removeBot.' })
export class RemoveBotInput extends GameMoveInput {
  @Field(() => Int, { description: "The bot's seat (0-based position)." })
  position!: number;
}
