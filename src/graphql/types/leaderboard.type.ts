// GraphQL types of a preset's leaderboard, a Relay connection of rated players.
import { Field, Int, ObjectType } from 'type-graphql';
import { PageInfo } from './page-info.type';
import { Player } from './player.type';
import { Rating } from './rating.type';

@ObjectType({ description: 'A rated player on a leaderboard.' })
export class LeaderboardEntry {
  @Field(() => Int, { description: 'Position on the leaderboard, from 1 (the highest ordinal).' })
  rank!: number;

  @Field(() => Player, { description: 'The player.' })
  player!: Player;

  @Field(() => Rating, { description: "The player's rating in the leaderboard's preset." })
  rating!: Rating;
}

@ObjectType({ description: 'An entry of a leaderboard page and its cursor.' })
export class LeaderboardEdge {
  @Field({ description: 'Pass as `after` to read the entries after this one.' })
  cursor!: string;

  @Field(() => LeaderboardEntry, { description: 'The entry.' })
  node!: LeaderboardEntry;
}

@ObjectType({ description: "A page of a preset's leaderboard, highest ordinal first." })
export class LeaderboardConnection {
  @Field(() => [LeaderboardEdge], { description: 'The entries of the page.' })
  edges!: LeaderboardEdge[];

  @Field(() => PageInfo, { description: 'Whether more entries follow.' })
  pageInfo!: PageInfo;
}
