// GraphQL type of a seat at a game's table.
import { Field, Int, ObjectType } from 'type-graphql';
import { Node } from './node.interface';

@ObjectType({
  implements: Node,
  description:
    "A place at the table; seat order is turn order (play passes to the left). A seat is always shown as it is now, also where a past round refers to it: a past round's dice counts are the lengths of the hands in its reveal.",
})
export class Seat extends Node {
  @Field(() => Int, { description: 'Position at the table, from 0.' })
  position!: number;

  @Field(() => Int, { description: 'Dice the player holds now (0 once out).' })
  diceCount!: number;

  @Field({ description: 'Whether the player is out of the game (no dice left, or left the game).' })
  eliminated!: boolean;

  @Field({ description: 'Whether the player left the game while it was being played.' })
  left!: boolean;

  @Field({ description: 'Whether the player has had a palifico round in this game.' })
  hasBeenPalifico!: boolean;

  @Field(() => Int, { description: 'Turns in a row the player let run out (timed games).' })
  consecutiveTimeouts!: number;

  @Field({
    description:
      "Whether the server plays this person's seat for now (a NORMAL bot, at bot speed), until they return with returnToGame or a move of their own. False for bots and for seats out of play.",
  })
  away!: boolean;

  @Field(() => [Int], {
    nullable: true,
    description:
      "The viewer's own dice in the current round; null for every other seat, spectators and outside a round.",
  })
  dice!: number[] | null;

  /** Resolved to `player` by a field resolver; not exposed. */
  playerId!: string;

  /** The seat's game (for `connected`); not exposed. */
  gameId!: string;

  /** Whether a bot player holds the seat (always connected); not exposed. */
  isBot!: boolean;
}
