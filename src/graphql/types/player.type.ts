// GraphQL type of a player.
import { Field, ObjectType } from 'type-graphql';
import { Node } from './node.interface';

@ObjectType({ implements: Node, description: 'Someone who plays. Public: only the name is shown.' })
export class Player extends Node {
  @Field({ description: 'Display name (1 to 40 characters).' })
  name!: string;

  @Field({ description: 'When the player registered.' })
  createdAt!: Date;

  /** The database key; not exposed. */
  playerId!: string;
}
