// What anyone may check of a game's dice: the commitment, the seeds and, once revealed, the roll-off key.
import { listCost } from '../operation-limits';
import { Field, ObjectType } from 'type-graphql';
import { ClientSeed } from './client-seed.type';

@ObjectType({
  description:
    'Provably fair dice (see FAIRNESS.md): a chain of server keys k[1000] -> k[0] (k[i-1] = SHA-256(k[i])) committed to at creation; round r rolls from k[r], the roll-off from k[0].',
})
export class GameFairness {
  @Field({
    description:
      'The derivation: "hmac-sha256-chain-v2" (server-drawn seeds derived from k[0]), or "hmac-sha256-chain-v1" for older games.',
  })
  algorithm!: string;

  @Field({ description: 'The hex SHA-256(k[0]), published from creation on.' })
  commitment!: string;

  @Field(() => [ClientSeed], {
    complexity: listCost(10),
    description: "Every seated player's client seed, in seat order.",
  })
  clientSeeds!: ClientSeed[];

  @Field(() => String, {
    nullable: true,
    description:
      'The hex SHA-256 of the client seeds joined by ":" in seat order; null until the game has started.',
  })
  gameSeed!: string | null;

  /** Not exposed: the game, and the last key its viewer may see (engine `lastRevealedKey`). */
  gameId!: string;
  revealUpTo!: number;
}
