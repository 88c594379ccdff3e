// GraphQL interface of an object with a global ID.
import { Field, ID, InterfaceType } from 'type-graphql';

@InterfaceType({ description: 'An object with a global ID that `node(id:)` can fetch again.' })
export abstract class Node {
  @Field(() => ID, { description: 'Opaque global ID, stable across restarts.' })
  id!: string;
}
