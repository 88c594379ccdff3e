// GraphQL type of something that happened in a game.
import { Field, Int, ObjectType } from 'type-graphql';
import { Bid } from './bid.type';
import { GameEventType } from './enums';
import { Game } from './game.type';
import { Round, RoundOutcome } from './round.type';
import { Seat } from './seat.type';

@ObjectType({
  description: 'Something that happened in a game; public, with dice resolved for the subscriber.',
})
export class GameEvent {
  @Field(() => Int, {
    description: "Position in the game's log, from 1, without gaps; resume with afterSeq.",
  })
  seq!: number;

  @Field(() => GameEventType, { description: 'What happened.' })
  type!: GameEventType;

  @Field(() => Game, {
    description:
      'The game as it was right after this event, as the subscriber may see it. Between two events of one move (e.g. DUDO_CALLED before its ROUND_ENDED) nobody may act: legalActions is then empty.',
  })
  game!: Game;

  @Field(() => Round, {
    nullable: true,
    description:
      'The round the event belongs to, if any: for PLAYER_LEFT in play, the round it voided; for PLAYER_ELIMINATED, the round just ended.',
  })
  round!: Round | null;

  @Field(() => Bid, { nullable: true, description: 'The bid, for BID_PLACED.' })
  bid!: Bid | null;

  @Field(() => RoundOutcome, {
    nullable: true,
    description: 'How the round ended, for ROUND_ENDED (null if voided).',
  })
  outcome!: RoundOutcome | null;

  @Field(() => Seat, {
    nullable: true,
    description: 'The seat that acted or was affected (null when a player left the lobby: the seat is gone).',
  })
  seat!: Seat | null;

  @Field({ description: 'When it happened.' })
  at!: Date;

  /** The player concerned; resolved to `player`. */
  playerId!: string | null;
  /** REMATCH_CREATED: the new game's id; resolved to `rematch`. */
  rematchId!: string | null;
}
