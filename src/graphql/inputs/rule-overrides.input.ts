// GraphQL input of the options that replace a preset's.
import { Field, InputType, Int } from 'type-graphql';
import { LIMITS } from '../../engine';
import { ExactCaller, ExactMode, FirstStarter, NextStarter, PalificoMode, RaiseMode } from '../types/enums';

@InputType({
  description:
    "Options that replace the preset's; omitted or null options keep the preset's value. A palifico or exact mode other than the preset's also brings that mode's defaults for the options that depend on it (palificoMinPlayers 3 for ONCE_PER_GAME and 2 for EVERY_TIME; no veterans rule without palifico; CALZA: ANY_EXCEPT_NEXT, 3 players, not in palifico rounds; JINTO: NEXT_ONLY, 2 players, in palifico rounds too; neither barred at maxDice), unless those are given as well.",
})
export class RuleOverridesInput {
  @Field(() => Int, {
    nullable: true,
    description: `Dice each player starts with (${LIMITS.minDice} to ${LIMITS.maxStartingDice}).`,
  })
  startingDice?: number | null;

  @Field(() => Int, {
    nullable: true,
    description: `Most dice a player may hold (startingDice to ${LIMITS.maxDice}); defaults to startingDice when the preset has a cap.`,
  })
  maxDice?: number | null;

  @Field(() => Boolean, { nullable: true, description: 'Set true to remove the cap on dice.' })
  unlimitedDice?: boolean | null;

  @Field(() => Int, {
    nullable: true,
    description: `Fewest players to start (${LIMITS.minPlayers} to ${LIMITS.maxPlayers}).`,
  })
  minPlayers?: number | null;

  @Field(() => Int, { nullable: true, description: `Most players (minPlayers to ${LIMITS.maxPlayers}).` })
  maxPlayers?: number | null;

  @Field(() => RaiseMode, { nullable: true, description: 'How bids raise.' })
  raise?: RaiseMode | null;

  @Field(() => Boolean, { nullable: true, description: 'Whether aces are wild in normal rounds.' })
  wildAces?: boolean | null;

  @Field(() => Boolean, { nullable: true, description: 'Whether a normal round may be opened on aces.' })
  openingAces?: boolean | null;

  @Field(() => FirstStarter, { nullable: true, description: 'Who opens the first round.' })
  firstStarter?: FirstStarter | null;

  @Field(() => NextStarter, { nullable: true, description: 'Who opens later rounds.' })
  nextStarter?: NextStarter | null;

  @Field(() => PalificoMode, { nullable: true, description: 'When palifico rounds happen.' })
  palifico?: PalificoMode | null;

  @Field(() => Int, {
    nullable: true,
    description: `Fewest players for a palifico round (${LIMITS.minPlayers} to ${LIMITS.maxPlayers}).`,
  })
  palificoMinPlayers?: number | null;

  @Field(() => Boolean, {
    nullable: true,
    description: 'Whether one-die veterans may change the face in palifico rounds.',
  })
  palificoVeteransMayChangeFace?: boolean | null;

  @Field(() => ExactMode, { nullable: true, description: 'The exact call allowed.' })
  exact?: ExactMode | null;

  @Field(() => ExactCaller, { nullable: true, description: 'Who may call exact.' })
  exactCaller?: ExactCaller | null;

  @Field(() => Int, {
    nullable: true,
    description: `Fewest players for an exact call (${LIMITS.minPlayers} to ${LIMITS.maxPlayers}).`,
  })
  exactMinPlayers?: number | null;

  @Field(() => Boolean, {
    nullable: true,
    description: 'Whether exact calls are allowed in palifico rounds.',
  })
  exactInPalifico?: boolean | null;

  @Field(() => Boolean, {
    nullable: true,
    description: 'Whether a player at maxDice is barred from exact calls.',
  })
  exactRequiresBelowMax?: boolean | null;
}
