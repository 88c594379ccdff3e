// GraphQL type of a player.
import { Field, ObjectType } from 'type-graphql';
import { BotLevel } from './enums';
import { Node } from './node.interface';

@ObjectType({ implements: Node, description: 'Someone who plays. Public: only the name is shown.' })
export class Player extends Node {
  @Field({ description: 'Display name (1 to 40 characters).' })
  name!: string;

  @Field({ description: 'When the player registered.' })
  createdAt!: Date;

  @Field({ description: 'A bot the server plays (added to a game by its host), not a person.' })
  isBot!: boolean;

  @Field(() => BotLevel, { nullable: true, description: "The bot's level; null for a person." })
  botLevel!: BotLevel | null;

  /** The database key; not exposed. */
  playerId!: string;
}
