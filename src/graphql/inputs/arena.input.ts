// GraphQL input of arenaJoin.
import { Field, InputType, Int } from 'type-graphql';
import { ARENA_FILL_SECONDS, ARENA_SEATS, ARENA_TURN_SECONDS } from '../../arena/arena.service';
import { BotLevel, RulePreset } from '../types/enums';
import { MutationInput } from './mutation-input';

@InputType({ description: 'Input of arenaJoin.' })
export class ArenaJoinInput extends MutationInput {
  @Field(() => RulePreset, { description: 'The rules of the table.' })
  preset!: RulePreset;

  @Field(() => Int, {
    defaultValue: 4,
    description: `Seats at the table, ${ARENA_SEATS.min} to ${ARENA_SEATS.max}; tables are matched on preset, seats and turnSeconds.`,
  })
  seats!: number;

  @Field(() => Int, {
    defaultValue: 10,
    description: `Seconds each turn may last before the turn timer plays it (${ARENA_TURN_SECONDS.min} to ${ARENA_TURN_SECONDS.max}).`,
  })
  turnSeconds!: number;

  @Field(() => Int, {
    defaultValue: 10,
    description: `Seconds after a new table's creation at which the reference bots fill its free seats and it starts (${ARENA_FILL_SECONDS.min} to ${ARENA_FILL_SECONDS.max}; 0: at once). Only a table's creator's counts; it takes no part in matching.`,
  })
  fillSeconds!: number;

  @Field(() => BotLevel, {
    nullable: true,
    description:
      "The arena's reference bot of this level as your opponent: it is seated at your table with you (at a table with a free seat for each of you that does not seat it yet, or a new one), so that you meet a fixed reference. Null: the fill alone decides which reference bots play.",
  })
  referenceBot?: BotLevel | null;

  @Field(() => String, {
    nullable: true,
    description:
      "Your seed for the game's dice (FAIRNESS.md): 1 to 64 printable ASCII characters; omitted, the server draws one.",
  })
  clientSeed?: string | null;
}
