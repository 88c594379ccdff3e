// GraphQL type of the pagination state of a connection.
import { Field, ObjectType } from 'type-graphql';

@ObjectType({ description: 'Relay pagination state of a connection.' })
export class PageInfo {
  @Field({ description: 'Whether more items follow the last edge.' })
  hasNextPage!: boolean;

  @Field({ description: 'Whether items precede the first edge.' })
  hasPreviousPage!: boolean;

  @Field(() => String, { nullable: true, description: 'Cursor of the first edge.' })
  startCursor!: string | null;

  @Field(() => String, {
    nullable: true,
    description: 'Cursor of the last edge; pass it as `after` for the next page.',
  })
  endCursor!: string | null;
}
