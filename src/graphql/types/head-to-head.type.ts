// GraphQL type of two players' record in the finished games both sat in.
import { Field, Int, ObjectType } from 'type-graphql';
import type { PairFilter } from '../../store/game-history.queries';
import { Player } from './player.type';

@ObjectType({
  description:
    "A player's record against an opponent over the FINISHED games both held a seat in (of a preset and period when asked; a PRIVATE game counts only for a viewer seated in it).",
})
export class HeadToHead {
  @Field(() => Player, { description: 'The player whose record this is.' })
  player!: Player;

  @Field(() => Player, { description: 'The opponent.' })
  opponent!: Player;

  @Field(() => Int, { description: 'Games both played: placedAbove + placedBelow.' })
  games!: number;

  @Field(() => Int, { description: "Games in which the player's place was better than the opponent's." })
  placedAbove!: number;

  @Field(() => Int, { description: "Games in which the opponent's place was better than the player's." })
  placedBelow!: number;

  @Field(() => Int, {
    description:
      'Rounds with an outcome in which the opponent lost a die and the player was the caller or the bidder of the challenged bid.',
  })
  diceTaken!: number;

  @Field(() => Int, {
    description:
      'Rounds with an outcome in which the player lost a die and the opponent was the caller or the bidder of the challenged bid.',
  })
  diceLost!: number;

  /** Whose games `recent` pages, and which: the record's own query. Not exposed. */
  pair!: { readonly playerId: string; readonly opponentId: string; readonly filter: PairFilter };
}
