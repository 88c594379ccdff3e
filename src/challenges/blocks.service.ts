// Blocks and challenge policies: whose challenges a player takes, and whom they never hear from.
import type { IdempotencyRecords } from '../store/idempotency.repository';
import type { ChallengePolicy, ChallengesRepository } from './challenges.repository';
import { ChallengeInputError, type KeyedRequest } from './challenge-rules';

export type SettingOutcome =
  | { readonly kind: 'done' }
  | { readonly kind: 'not_found' }
  | { readonly kind: 'key_reused'; readonly message: string };

/**
 * A block stops the blocked player challenging the blocker and hides their chat from the blocker in every
 * game, earlier messages included, as a mute that lasts. Each change is one transaction with its request's
 * idempotency record; a retry with the same key changes nothing again.
 */
export class BlocksService {
  constructor(
    private readonly store: ChallengesRepository,
    private readonly idempotency: IdempotencyRecords,
    /** Told after a player's blocks changed, so that their chat streams on every process hide the blocked. */
    private readonly blocksChanged: (playerId: string) => void,
  ) {}

  /** Sets whether `playerId` blocks `otherId`. */
  async setBlock(
    playerId: string,
    otherId: string,
    blocked: boolean,
    keyed: KeyedRequest,
  ): Promise<SettingOutcome> {
    if (playerId === otherId) throw new ChallengeInputError('you cannot block yourself', 'playerId');
    const operation = blocked ? 'blockPlayer' : 'unblockPlayer';
    const outcome = await this.keyed(playerId, operation, keyed, (tx) =>
      this.store.setBlock(tx, playerId, otherId, blocked),
    );
    if (outcome.kind === 'done') this.blocksChanged(playerId);
    return outcome;
  }

  setPolicy(playerId: string, policy: ChallengePolicy, keyed: KeyedRequest): Promise<SettingOutcome> {
    return this.keyed(playerId, 'setChallengePolicy', keyed, async (tx) => {
      await this.store.setPolicy(tx, playerId, policy);
      return true;
    });
  }

  policy(playerId: string): Promise<ChallengePolicy> {
    return this.store.policy(playerId);
  }

  /** The players `playerId` blocks, oldest block first. */
  blocked(playerId: string): Promise<string[]> {
    return this.store.blocked(playerId);
  }

  /** Runs `change` (false: its target does not exist) once per idempotency key, in one transaction with its record. */
  private async keyed(
    playerId: string,
    operation: string,
    keyed: KeyedRequest,
    change: (tx: Parameters<Parameters<ChallengesRepository['transaction']>[0]>[0]) => Promise<boolean>,
  ): Promise<SettingOutcome> {
    const key = keyed.idempotencyKey;
    for (let attempt = 0; attempt < 2; attempt++) {
      if (key) {
        const record = await this.idempotency.find(playerId, key);
        if (record && (record.operation !== operation || record.response.requestHash !== keyed.requestHash))
          return {
            kind: 'key_reused',
            message: `this idempotencyKey was already used for another request (${record.operation}); use a new key`,
          };
        if (record) return { kind: 'done' };
      }
      const { result } = await this.store
        .transaction(async (tx) => {
          if (!(await change(tx))) return 'not_found' as const;
          if (!key) return 'done' as const;
          const response = { requestHash: keyed.requestHash, gameId: null, version: null, error: null };
          if (await this.store.recordKey(tx, { playerId, key, operation, response })) return 'done' as const;
          throw new KeyTaken();
        })
        .catch((error: unknown) => {
          if (error instanceof KeyTaken) return { result: 'retry' as const };
          throw error;
        });
      if (result !== 'retry') return { kind: result };
    }
    return { kind: 'done' };
  }
}

class KeyTaken extends Error {}
