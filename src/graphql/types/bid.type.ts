// GraphQL type of a bid.
import { Field, Int, ObjectType } from 'type-graphql';
import { Seat } from './seat.type';

@ObjectType({
  description: 'A bid: "there are at least `quantity` dice showing `face` among all dice in play".',
})
export class Bid {
  @Field(() => Int, { description: 'Sequence number of the game event that recorded the bid.' })
  seq!: number;

  @Field(() => Seat, { description: 'Who bid.' })
  seat!: Seat;

  @Field(() => Int, { description: 'How many dice.' })
  quantity!: number;

  @Field(() => Int, { description: 'Which face, 1 (aces) to 6.' })
  face!: number;

  @Field({ description: "Placed by the server because the player's turn ran out." })
  timedOut!: boolean;

  @Field({
    description:
      'Made by the server for the seat: a bot player, an away seat or a timed-out turn (false: the player bid themselves).',
  })
  byBot!: boolean;

  @Field({ description: 'When the bid was made.' })
  at!: Date;
}
