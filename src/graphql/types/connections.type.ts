// GraphQL types of the pages of games and of rounds, with their edges.
import { Field, Int, ObjectType } from 'type-graphql';
import { Game } from './game.type';
import { PageInfo } from './page-info.type';
import { Round } from './round.type';

@ObjectType({ description: 'A game in a list.' })
export class GameEdge {
  @Field({ description: 'Opaque cursor of this edge.' })
  cursor!: string;

  @Field(() => Game, { description: 'The game.' })
  node!: Game;
}

@ObjectType({ description: 'A page of games, newest first.' })
export class GameConnection {
  @Field(() => [GameEdge], { description: 'The games of this page.' })
  edges!: GameEdge[];

  @Field(() => [Game], { description: 'The games of this page, without cursors.' })
  nodes!: Game[];

  @Field(() => PageInfo, { description: 'Pagination state.' })
  pageInfo!: PageInfo;
}

@ObjectType({ description: 'A round in a list.' })
export class RoundEdge {
  @Field({ description: 'Opaque cursor of this edge.' })
  cursor!: string;

  @Field(() => Round, { description: 'The round.' })
  node!: Round;
}

@ObjectType({ description: "A page of a game's rounds, oldest first." })
export class RoundConnection {
  @Field(() => [RoundEdge], { description: 'The rounds of this page.' })
  edges!: RoundEdge[];

  @Field(() => [Round], { description: 'The rounds of this page, without cursors.' })
  nodes!: Round[];

  @Field(() => PageInfo, { description: 'Pagination state.' })
  pageInfo!: PageInfo;

  @Field(() => Int, { description: 'How many rounds the game has had.' })
  totalCount!: number;
}
