// GraphQL types of a player's rating history: the change each counted game made.
import { Field, ObjectType } from 'type-graphql';
import { Game } from './game.type';
import { PageInfo } from './page-info.type';
import { Rating } from './rating.type';

@ObjectType({
  description:
    "The change one counted game made to a player's rating: recomputable with openskill's rate() from the ratings before of the game's rated players and their places.",
})
export class RatingChange {
  @Field(() => Game, {
    nullable: true,
    description: 'The game; null for a PRIVATE game the viewer is not seated in.',
  })
  game!: Game | null;

  @Field(() => Rating, {
    nullable: true,
    description: "The rating before the game; null for the player's first.",
  })
  before!: Rating | null;

  @Field(() => Rating, { description: 'The rating after the game.' })
  after!: Rating;

  @Field({ description: "The game's finishedAt." })
  at!: Date;
}

@ObjectType({ description: 'A rating change and its cursor.' })
export class RatingChangeEdge {
  @Field({ description: 'Pass as `after` to read the older changes.' })
  cursor!: string;

  @Field(() => RatingChange, { description: 'The change.' })
  node!: RatingChange;
}

@ObjectType({ description: "A page of a player's rating changes, newest first." })
export class RatingChangeConnection {
  @Field(() => [RatingChangeEdge], { description: 'The changes of the page.' })
  edges!: RatingChangeEdge[];

  @Field(() => PageInfo, { description: 'Whether older changes follow.' })
  pageInfo!: PageInfo;
}
