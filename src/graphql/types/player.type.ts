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

  @Field({
    description:
      "A bot the server plays (added to a game by its host, or one of the arena's reference bots), not a person; false for agents.",
  })
  isBot!: boolean;

  @Field(() => BotLevel, { nullable: true, description: "The bot's level; null for a person." })
  botLevel!: BotLevel | null;

  @Field({ description: "An agent: a program's account, owned by a person (see owner)." })
  isAgent!: boolean;

  @Field({
    description: 'An agent its owner retired: its tokens no longer work and it is never seated again.',
  })
  retired!: boolean;

  @Field({ description: "One of the arena's three reference bots (a bot, rated among agents as an anchor)." })
  isArenaReference!: boolean;

  /** An agent's owner's database key; null for people and bots. Not exposed. */
  ownerId!: string | null;

  /** The database key; not exposed. */
  playerId!: string;
}
