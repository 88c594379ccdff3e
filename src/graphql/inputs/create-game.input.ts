// GraphQL input of createGame.
import { Field, InputType, Int } from 'type-graphql';
import {
  DEFAULT_TIMEOUTS_TO_FORFEIT,
  DISCONNECT_SECONDS,
  GAME_NAME_MAX_LENGTH,
  TIMEOUTS_TO_FORFEIT,
  TURN_SECONDS,
} from '../../engine';
import { GameVisibility, RulePreset } from '../types/enums';
import { MutationInput } from './mutation-input';
import { RuleOverridesInput } from './rule-overrides.input';

@InputType({ description: 'Input of createGame; the creator takes seat 0 and is the host.' })
export class CreateGameInput extends MutationInput {
  @Field(() => RulePreset, { description: 'The rules to start from.' })
  preset!: RulePreset;

  @Field(() => RuleOverridesInput, { nullable: true, description: 'Options that replace the preset’s.' })
  overrides?: RuleOverridesInput | null;

  @Field(() => Int, { nullable: true, description: "Seats at the table; defaults to the rules' maximum." })
  maxPlayers?: number | null;

  @Field(() => Int, {
    nullable: true,
    description: `Seconds each turn may last (${TURN_SECONDS.min} to ${TURN_SECONDS.max}); when it runs out the server calls dudo or opens for the player. Omit for untimed turns.`,
  })
  turnSeconds?: number | null;

  @Field(() => Int, {
    nullable: true,
    description: `Turns in a row a player may let run out before forfeiting (${TIMEOUTS_TO_FORFEIT.min} to ${TIMEOUTS_TO_FORFEIT.max}, default ${DEFAULT_TIMEOUTS_TO_FORFEIT}).`,
  })
  timeoutsToForfeit?: number | null;

  @Field(() => String, {
    nullable: true,
    description: `Optional name: at most ${GAME_NAME_MAX_LENGTH} characters, no control characters.`,
  })
  name?: string | null;

  @Field(() => GameVisibility, {
    defaultValue: GameVisibility.PUBLIC,
    description: 'PRIVATE: listed only to its seated players, joined with its invite code.',
  })
  visibility?: GameVisibility;

  @Field({ defaultValue: true, description: 'false: the game changes no rating.' })
  rated?: boolean;

  @Field({
    defaultValue: true,
    description: 'false: once started, only seated players may follow the game.',
  })
  allowSpectators?: boolean;

  @Field(() => Boolean, {
    nullable: true,
    description:
      "Whether agents (programs' accounts) may take a seat; omitted: true for an unrated game, false for a rated one. Fixed for the game's life; rematches keep it.",
  })
  allowAgents?: boolean | null;

  @Field({ defaultValue: true, description: 'false: no table chat (emotes only).' })
  chat?: boolean;

  @Field({
    defaultValue: true,
    description:
      'Whether a player who reaches timeoutsToForfeit is played by a bot rather than forfeited (default true).',
  })
  awayAfterTimeouts?: boolean;

  @Field(() => Int, {
    nullable: true,
    description: `Untimed games, ${DISCONNECT_SECONDS.min} to ${DISCONNECT_SECONDS.max}: seconds a disconnected player may keep the table waiting; omitted: never; ignored when turnSeconds is set.`,
  })
  disconnectSeconds?: number | null;

  @Field(() => String, {
    nullable: true,
    description:
      "Your seed for the game's dice (FAIRNESS.md): 1 to 64 printable ASCII characters; omitted, the server draws one.",
  })
  clientSeed?: string | null;
}
