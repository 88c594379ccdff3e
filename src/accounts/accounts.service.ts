// The account use cases: registering a player, renaming one and rotating a token (changes told to every process).
import type { NameSkeletons } from '../security/name-skeleton';
import type { KeyedRegistration, PlayerRepository } from '../store/player.repository';
import type { AccountChanges } from './account-changes';
import type { AccountsRepository, Rotation } from './accounts.repository';

/** How a token rotation ended; `unauthenticated`: the request came with no player's current token. */
export type TokenRotation = Rotation | { readonly kind: 'unauthenticated' };

export class AccountsService {
  constructor(
    private readonly repository: AccountsRepository,
    private readonly players: PlayerRepository,
    private readonly changes: Pick<AccountChanges, 'announce'>,
  ) {}

  /**
   * Registers a player (once per idempotency key). Only a new registration is charged (`charge` returns the
   * refusal to throw, or null): a retry of one already made is answered from its record. Throws
   * NameTakenError when another person's name looks the same.
   */
  async register(
    name: string,
    skeletons: NameSkeletons,
    idempotencyKey: string | null,
    charge: () => Error | null,
  ): Promise<KeyedRegistration> {
    if (!idempotencyKey || !(await this.players.isRegistered(idempotencyKey))) {
      const refused = charge();
      if (refused) throw refused;
    }
    return idempotencyKey
      ? this.players.registerWithKey(name, idempotencyKey, skeletons)
      : this.players.register(name, skeletons).then((r) => ({ kind: 'registered' as const, ...r }));
  }

  /** Renames a player and tells every process; throws NameTakenError as the repository does. */
  async rename(playerId: string, name: string, skeletons: NameSkeletons): Promise<void> {
    await this.repository.rename(playerId, name, skeletons);
    await this.changes.announce(playerId);
  }

  /**
   * Replaces the token a request came with (`token`, the viewer's: `playerId`). A token a keyed rotation
   * replaced (`retired`) gets only that rotation's replay, with the same key; nothing changes then, so
   * nothing is told. A new rotation is told to every process before it resolves.
   */
  async rotateToken(request: {
    readonly playerId: string | null;
    readonly token: string | null;
    readonly retired: boolean;
    readonly idempotencyKey: string | null;
  }): Promise<TokenRotation> {
    const { playerId, token, idempotencyKey } = request;
    if (request.retired) {
      const replay = token && idempotencyKey ? await this.repository.replay(token, idempotencyKey) : null;
      return replay ?? { kind: 'stale' };
    }
    if (!playerId || !token) return { kind: 'unauthenticated' };
    const rotation = await this.repository.rotate(playerId, token, idempotencyKey);
    if (rotation.kind === 'rotated') await this.changes.announce(playerId);
    return rotation;
  }

  /**
   * Tells every process that a player's token changed elsewhere (an owner replaced or revoked an agent's):
   * each forgets the player and closes sockets on earlier tokens, as after rotateToken; resolves once told.
   */
  tokenReplaced(playerId: string): Promise<void> {
    return this.changes.announce(playerId);
  }

  /** Whether `token` was replaced within the retention period by a rotation sent with a key. */
  wasRotated(token: string): Promise<boolean> {
    return this.repository.wasRotated(token);
  }
}
