// GraphQL arguments of a leaderboard page (leaderboard and agentLeaderboard).
import { ArgsType, Field, Int } from 'type-graphql';
import { RulePreset } from '../types/enums';

@ArgsType()
export class LeaderboardArgs {
  @Field(() => RulePreset, { description: 'The preset.' })
  preset!: RulePreset;

  @Field(() => Int, { nullable: true, description: 'Page size, 0 to 100 (default 20).' })
  first?: number | null;

  @Field(() => String, { nullable: true, description: 'The endCursor of the previous page.' })
  after?: string | null;

  @Field(() => Boolean, {
    defaultValue: false,
    description:
      'List provisional ratings (fewer than 10 counted games) too; ranks count the players listed.',
  })
  includeProvisional!: boolean;
}
