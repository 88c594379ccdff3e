// GraphQL type of a player's rating in one preset.
import { Field, Float, Int, ObjectType } from 'type-graphql';

@ObjectType({
  description:
    "A player's OpenSkill rating (Weng-Lin, Plackett-Luce, the openskill package's defaults) in one preset, over its finished games.",
})
export class Rating {
  @Field(() => Float, { description: 'The estimated skill (25 before any game).' })
  mu!: number;

  @Field(() => Float, { description: 'The uncertainty of mu (25/3 before any game).' })
  sigma!: number;

  @Field(() => Float, { description: 'The mu - 3 * sigma: what leaderboards rank by.' })
  ordinal!: number;

  @Field(() => Int, { description: 'Counted games of the preset that changed this rating.' })
  games!: number;

  @Field({
    description:
      'Fewer than 10 counted games: off the leaderboard unless includeProvisional. From 10 on the rating is established: it changes only in games where another established player moved.',
  })
  get provisional(): boolean {
    return this.games < 10;
  }
}
