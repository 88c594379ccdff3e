// What anyone may check of a game's dice: the commitment, the seeds and, once revealed, the roll-off key.
import { listCost } from '../operation-costs';
import { Field, ObjectType } from 'type-graphql';
import { ClientSeed } from './client-seed.type';

@ObjectType({
  description:
    'Provably fair dice (see FAIRNESS.md): a chain of server keys k[1000] -> k[0] (k[i-1] = SHA-256(k[i])) committed to at creation; round r rolls from k[r], the roll-off from k[0].',
})
export class GameFairness {
  @Field({ description: 'The dice derivation: "hmac-sha256-chain-v1".' })
  algorithm!: string;

  @Field(() => String, {
    nullable: true,
    description:
      'How the server drew the client seeds it gave, checkable once k[0] is revealed: "hmac-sha256-k0-v2" (every game made now) when a bot\'s is the hex HMAC-SHA256(k[0], "server-seed:bot:" + its Seat.position at start) and a player\'s who gave none the hex HMAC-SHA256(k[0], "server-seed:" + Player.id); "hmac-sha256-k0-v1" for older games where bots\' seeds follow the Player.id rule too; null for the oldest games, whose server-drawn seeds were random.',
  })
  serverSeeds!: string | null;

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
