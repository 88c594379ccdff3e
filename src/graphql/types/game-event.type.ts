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
      'The game as the subscriber may see it, never older than a game this subscription has already delivered: for a live event the game right after it; for an event replayed by gameEvents (afterSeq) the newest game the server knows, so that writing every event into a normalized cache never takes the game back (in Game.events, the game right after the event). Between two events of one move (e.g. DUDO_CALLED before its ROUND_ENDED) nobody may act: legalActions is then empty. The event itself is told by seq, type, seat, bid, outcome and round.',
  })
  game!: Game;

  @Field(() => Round, {
    nullable: true,
    description:
      'The round the event belongs to, if any, as of the game shown: for PLAYER_LEFT in play, the round it voided; for PLAYER_ELIMINATED, the round just ended.',
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
