// GraphQL type of a player's place in a finished game.
import { Field, Int, ObjectType } from 'type-graphql';
import { Player } from './player.type';
import { Seat } from './seat.type';

@ObjectType({ description: "A player's finishing place in a finished game (1 = the winner)." })
export class Place {
  @Field(() => Int, { description: '1 for the winner, then in reverse order of leaving play.' })
  place!: number;

  @Field(() => Seat, { description: "The player's seat." })
  seat!: Seat;

  @Field(() => Player, { description: 'The player.' })
  player!: Player;

  /** The game's database key; not exposed. */
  gameId!: string;
}
