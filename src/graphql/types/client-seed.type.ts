// A seated player's client seed, one of the inputs of the game seed.
import { Field, ObjectType } from 'type-graphql';
import { Seat } from './seat.type';

@ObjectType({ description: "A seated player's seed for the game's dice (public)." })
export class ClientSeed {
  @Field(() => Seat, { description: 'Whose seed.' })
  seat!: Seat;

  @Field({
    description:
      '1 to 64 printable ASCII characters, given at createGame or joinGame or drawn by the server.',
  })
  seed!: string;
}
