// GraphQL types of a round, its revealed hands and how it ended.
import { listCost } from '../operation-costs';
import { Field, Int, ObjectType } from 'type-graphql';
import { ESTIMATED_BIDS_PER_ROUND } from '../rounds-page-cost';
import { Bid } from './bid.type';
import { CallKind } from './enums';
import { Node } from './node.interface';
import { Seat } from './seat.type';

@ObjectType({ description: 'How a round ended.' })
export class RoundOutcome {
  @Field(() => CallKind, { description: 'Dudo or exact.' })
  kind!: CallKind;

  @Field(() => Seat, { description: 'Who made the call.' })
  caller!: Seat;

  @Field(() => Bid, { description: 'The bid that was called.' })
  bid!: Bid;

  @Field(() => Int, { description: 'How many dice counted for the bid (aces included when wild).' })
  actualCount!: number;

  @Field(() => Seat, { nullable: true, description: 'Who lost a die, if anyone.' })
  loser!: Seat | null;

  @Field(() => Seat, { nullable: true, description: 'Who gained a die, if anyone (exact calls).' })
  gainer!: Seat | null;

  @Field({
    description:
      'The call was made by the server for the caller: a bot player, an away seat or a timed-out turn (false: the player called themselves).',
  })
  byBot!: boolean;
}

@ObjectType({ description: "One seat's dice, shown once the round has ended." })
export class RevealedHand {
  @Field(() => Seat, { description: 'Whose dice.' })
  seat!: Seat;

  @Field(() => [Int], { description: 'The dice as rolled.' })
  dice!: number[];
}

@ObjectType({ implements: Node, description: 'One round: a roll, bids, and the call that ended it.' })
export class Round extends Node {
  @Field(() => Int, { description: 'Round number, from 1.' })
  number!: number;

  @Field({ description: 'Whether this is a palifico round (aces not wild, face locked).' })
  palifico!: boolean;

  @Field(() => Seat, { nullable: true, description: 'The player the palifico round is for.' })
  palificoSeat!: Seat | null;

  @Field(() => Seat, { description: 'Who opened the bidding.' })
  starter!: Seat;

  @Field(() => [Bid], {
    // Priced again by their real number when a page of rounds is read (rounds-page-cost.ts).
    complexity: listCost(ESTIMATED_BIDS_PER_ROUND),
    description: 'The bids, in order.',
  })
  bids!: Bid[];

  @Field(() => Seat, { nullable: true, description: 'Whose turn it is; null once the round has ended.' })
  turn!: Seat | null;

  @Field({ description: 'Whether the round has ended.' })
  ended!: boolean;

  @Field({ description: 'Whether the round was voided because a player left (it then has no outcome).' })
  voided!: boolean;

  @Field(() => RoundOutcome, {
    nullable: true,
    description: 'How the round ended; null while open or when voided.',
  })
  outcome!: RoundOutcome | null;

  @Field(() => [RevealedHand], {
    complexity: listCost(10),
    nullable: true,
    description: "Everyone's dice once the round has ended; null while open.",
  })
  reveal!: RevealedHand[] | null;

  @Field({ description: 'When the round started.' })
  startedAt!: Date;

  @Field(() => Date, { nullable: true, description: 'When the round ended.' })
  endedAt!: Date | null;

  /** Not exposed: the game, and the last chain key its viewer may see (engine `lastRevealedKey`). */
  gameId!: string;
  revealUpTo!: number;
}
