// GraphQL type of why a mutation was refused.
import { Field, ObjectType } from 'type-graphql';
import { ErrorCode } from './enums';

@ObjectType({ description: 'Why a mutation was refused; nothing was changed.' })
export class UserError {
  @Field(() => ErrorCode, { description: 'Stable code to switch on.' })
  code!: ErrorCode;

  @Field({ description: 'What was wrong and what would have been legal, for a person.' })
  message!: string;

  @Field(() => [String], { nullable: true, description: 'Path of the input field at fault, if one is.' })
  field!: string[] | null;
}
