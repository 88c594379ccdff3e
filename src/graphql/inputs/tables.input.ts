// GraphQL inputs of quickPlay, kickPlayer and transferHost.
import { Field, InputType, Int } from 'type-graphql';
import { BOT_FILL_SECONDS } from '../../engine';
import { RulePreset } from '../types/enums';
import { GameMoveInput } from './game.input';
import { MutationInput } from './mutation-input';

@InputType({ description: 'Input of quickPlay.' })
export class QuickPlayInput extends MutationInput {
  @Field(() => RulePreset, { description: 'The rules of the table.' })
  preset!: RulePreset;

  @Field(() => Int, {
    defaultValue: 4,
    description:
      "Seats at the table: 2 to the preset's maxPlayers; tables are matched on preset and players.",
  })
  players!: number;

  @Field(() => Int, {
    defaultValue: 20,
    description: `Seconds after a new table's creation at which NORMAL bots fill its free seats and it starts (${BOT_FILL_SECONDS.min} to ${BOT_FILL_SECONDS.max}; 0: at once). Only a table's creator's counts; it takes no part in matching.`,
  })
  botFillSeconds!: number;

  @Field(() => String, {
    nullable: true,
    description:
      "Your seed for the game's dice (FAIRNESS.md): 1 to 64 printable ASCII characters; omitted, the server draws one.",
  })
  clientSeed?: string | null;
}

@InputType({ description: 'Input of kickPlayer and transferHost: a seat of a game in its lobby.' })
export class SeatInput extends GameMoveInput {
  @Field(() => Int, { description: 'The seat (0-based position).' })
  position!: number;
}
