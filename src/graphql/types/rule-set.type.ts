// GraphQL type of a game's complete, resolved rules.
import { Field, Int, ObjectType } from 'type-graphql';
import {
  ExactCaller,
  ExactMode,
  FirstStarter,
  NextStarter,
  PalificoMode,
  RaiseMode,
  RulePreset,
} from './enums';

@ObjectType({ description: 'The complete, resolved rules of a game; they never change during the game.' })
export class RuleSet {
  @Field(() => RulePreset, { description: 'The preset these rules were resolved from.' })
  preset!: RulePreset;

  @Field(() => Int, { description: 'Dice each player starts with.' })
  startingDice!: number;

  @Field(() => Int, { nullable: true, description: 'Most dice a player may hold; null means no limit.' })
  maxDice!: number | null;

  @Field(() => Int, { description: 'Fewest players to start a game.' })
  minPlayers!: number;

  @Field(() => Int, { description: 'Most players a game may seat.' })
  maxPlayers!: number;

  @Field(() => RaiseMode, { description: 'How a non-ace bid must raise the previous non-ace bid.' })
  raise!: RaiseMode;

  @Field({ description: 'Whether aces count as every face in normal rounds (with halving and 2n+1).' })
  wildAces!: boolean;

  @Field({ description: 'Whether a normal round may be opened on aces.' })
  openingAces!: boolean;

  @Field(() => FirstStarter, { description: 'Who opens the first round.' })
  firstStarter!: FirstStarter;

  @Field(() => NextStarter, { description: 'Who opens later rounds.' })
  nextStarter!: NextStarter;

  @Field(() => PalificoMode, { description: 'When palifico rounds happen.' })
  palifico!: PalificoMode;

  @Field(() => Int, { description: 'Fewest players in the game for a palifico round to be played.' })
  palificoMinPlayers!: number;

  @Field({
    description: 'Whether a one-die player who has been palifico may change the face in a palifico round.',
  })
  palificoVeteransMayChangeFace!: boolean;

  @Field(() => ExactMode, { description: 'The exact call these rules allow.' })
  exact!: ExactMode;

  @Field(() => ExactCaller, { description: 'Who may make an exact call.' })
  exactCaller!: ExactCaller;

  @Field(() => Int, { description: 'Fewest players in the game for an exact call.' })
  exactMinPlayers!: number;

  @Field({ description: 'Whether exact calls are allowed in palifico rounds.' })
  exactInPalifico!: boolean;

  @Field({ description: 'Whether a player already at maxDice is barred from exact calls.' })
  exactRequiresBelowMax!: boolean;
}
