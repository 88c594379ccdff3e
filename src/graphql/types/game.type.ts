// GraphQL type of a game as the viewer may see it.
import { listCost } from '../operation-costs';
import { Field, Int, ObjectType } from 'type-graphql';
import { LIMITS, type GameView } from '../../engine';
import { GameStatus, GameVisibility } from './enums';
import { LegalActions } from './legal-actions.type';
import { Node } from './node.interface';
import { Round } from './round.type';
import { RuleSet } from './rule-set.type';
import { Seat } from './seat.type';

@ObjectType({ description: 'One throw of the public roll-off that chose the first starter.' })
export class RollOffThrow {
  @Field(() => Int, { description: 'Attempt 1, then 2.. among the tied highest.' })
  attempt!: number;

  @Field(() => Seat, { description: 'Who threw.' })
  seat!: Seat;

  @Field(() => Int, { description: 'The die, 1 to 6.' })
  value!: number;
}

@ObjectType({ implements: Node, description: 'A game of Perudo, as the viewer may see it.' })
export class Game extends Node {
  @Field(() => String, { nullable: true, description: 'Optional name given by the host.' })
  name!: string | null;

  @Field(() => GameStatus, { description: 'Lobby, in progress, finished or cancelled.' })
  status!: GameStatus;

  @Field(() => RuleSet, { description: 'The resolved rules.' })
  rules!: RuleSet;

  @Field(() => Int, { description: 'Grows by 1 with every accepted change; pass it as expectedVersion.' })
  version!: number;

  @Field(() => Int, { description: 'Sequence number of the last event (see Subscription.gameEvents).' })
  lastEventSeq!: number;

  @Field(() => Int, { description: 'Seats at the table.' })
  maxPlayers!: number;

  @Field(() => [Seat], {
    complexity: listCost(LIMITS.maxPlayers),
    description: 'The seats in turn order.',
  })
  seats!: Seat[];

  @Field(() => Seat, { nullable: true, description: 'Whose turn it is; null outside play.' })
  turn!: Seat | null;

  @Field(() => Round, { nullable: true, description: 'The open round; null outside play.' })
  currentRound!: Round | null;

  @Field(() => [RollOffThrow], {
    complexity: listCost(10),
    description: 'The public roll-off that chose the first starter, if any.',
  })
  rollOff!: RollOffThrow[];

  @Field(() => LegalActions, {
    nullable: true,
    description: 'What the viewer may do now; null unless seated.',
  })
  legalActions!: LegalActions | null;

  @Field(() => Seat, { nullable: true, description: "The viewer's seat; null for spectators." })
  viewerSeat!: Seat | null;

  @Field(() => Int, {
    nullable: true,
    description:
      'Seconds each turn may last before the server plays for the player (dudo, or the minimum opening bid); null: untimed.',
  })
  turnSeconds!: number | null;

  @Field(() => Int, {
    description: 'Turns in a row a player may let run out before forfeiting (timed games).',
  })
  timeoutsToForfeit!: number;

  @Field(() => Date, {
    nullable: true,
    description: 'When the current turn runs out; null when untimed or outside a turn.',
  })
  turnDeadline!: Date | null;

  @Field(() => Date, {
    nullable: true,
    description:
      'Since when the game waits because every person still in play is away (no bot or timer moves until one returns; after ALL_AWAY_END_SECONDS it ends, unrated); null otherwise.',
  })
  waitingSince!: Date | null;

  @Field(() => GameVisibility, { description: 'PUBLIC, or PRIVATE: listed to its seated players only.' })
  visibility!: GameVisibility;

  @Field({ description: 'Whether the game changes ratings.' })
  rated!: boolean;

  @Field({ description: 'Whether anyone may follow the game once started (false: only seated players may).' })
  allowSpectators!: boolean;

  @Field({
    description:
      "Whether agents (programs' accounts) may take a seat, fixed at creation and kept by rematches (false: their joinGame, quickPlay and challenge acceptance are AGENTS_NOT_ALLOWED).",
  })
  allowAgents!: boolean;

  @Field({ description: 'Whether the table chat is on (false: emotes only).' })
  chatEnabled!: boolean;

  @Field(() => String, {
    nullable: true,
    description:
      "A PRIVATE game's invite code, for its seated players only; null for everyone else and for PUBLIC games.",
  })
  inviteCode!: string | null;

  @Field({
    description:
      'Whether a player who reaches timeoutsToForfeit is played by a bot rather than forfeited (as created).',
  })
  awayAfterTimeouts!: boolean;

  @Field(() => Int, {
    nullable: true,
    description:
      'Untimed games: seconds a disconnected player may keep the table waiting (as created); null: never.',
  })
  disconnectSeconds!: number | null;

  @Field({ description: 'When the game was created.' })
  createdAt!: Date;

  @Field(() => Date, { nullable: true, description: 'When the game started.' })
  startedAt!: Date | null;

  @Field(() => Date, { nullable: true, description: 'When the game finished or was cancelled.' })
  finishedAt!: Date | null;

  /** Not exposed: the database key, the viewer's view, and the rounds mapped on demand (by index). */
  gameId!: string;
  view!: GameView;
  roundAt!: (index: number) => Round | null;
}
