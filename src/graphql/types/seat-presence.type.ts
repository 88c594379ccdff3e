// GraphQL type of a change of a seat's presence (gamePresence).
import { Field, ObjectType } from 'type-graphql';
import { Seat } from './seat.type';

@ObjectType({
  description:
    "A seat's connected or away changed (gamePresence): not logged and not replayed; changes of one seat may be coalesced, but the last one sent always matches the seat.",
})
export class SeatPresence {
  @Field(() => Seat, { description: 'The seat, as it is now.' })
  seat!: Seat;

  @Field({
    description:
      'Whether its player has a live gameEvents subscription to the game or a live playerEvents subscription, on any API process.',
  })
  connected!: boolean;

  @Field({ description: "Whether the server plays this person's seat for now." })
  away!: boolean;

  @Field(() => Date, { description: 'When this server saw the change.' })
  at!: Date;
}
