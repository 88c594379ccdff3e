// The challenges' use case: challenging players to a private table, their answers, cancelling, expiring.
import type { MoveOptions, MoveResult, MoveService, TablesService } from '../moves';
import type { IdempotencyRecords } from '../store/idempotency.repository';
import type { ChallengeNotices } from './challenge-notices';
import {
  aloneInLobby,
  CHALLENGE_RATE_MAX,
  CHALLENGE_RATE_WINDOW_MS,
  ChallengeInputError,
  concerns,
  events,
  NOT_OPEN,
  RateLimited,
  REFUSED,
  Refused,
  type ChallengeGames,
  type ChallengeOutcome,
  type ChallengeRefusal,
  type KeyedRequest,
  type NewChallengeRequest,
} from './challenge-rules';
import { ChallengeTx, type ChallengeRecord, type ChallengesRepository } from './challenges.repository';

export class ChallengesService {
  constructor(
    private readonly store: ChallengesRepository,
    private readonly notices: ChallengeNotices,
    private readonly tables: TablesService,
    private readonly moves: MoveService,
    private readonly games: ChallengeGames,
    private readonly idempotency: IdempotencyRecords,
  ) {}

  /**
   * Creates a PRIVATE lobby game the challenger hosts, one seat held for each invitee, and the challenge:
   * one transaction with the game's creation (or nothing), in which the rate and the invitees' policies
   * and blocks are checked.
   */
  async challenge(
    challengerId: string,
    request: NewChallengeRequest,
    keyed: KeyedRequest,
  ): Promise<ChallengeOutcome> {
    const operation = 'challengePlayers';
    const replay = await this.replay(challengerId, operation, keyed);
    if (replay) return replay;
    const { inviteeIds, rules } = request;
    if (inviteeIds.includes(challengerId))
      throw new ChallengeInputError('you cannot challenge yourself', 'playerIds');
    if (new Set(inviteeIds).size !== inviteeIds.length)
      throw new ChallengeInputError('each player may be named once', 'playerIds');
    if (inviteeIds.length < Math.max(1, rules.minPlayers - 1) || inviteeIds.length > rules.maxPlayers - 1)
      throw new ChallengeInputError(
        `challenge ${Math.max(1, rules.minPlayers - 1)} to ${rules.maxPlayers - 1} other players (these rules seat ${rules.minPlayers} to ${rules.maxPlayers})`,
        'playerIds',
      );
    const players = await this.store.players(inviteeIds);
    const unknown = inviteeIds.find((id) => !players.has(id));
    if (unknown) return { kind: 'not_found', what: 'a player you named' };
    if (inviteeIds.some((id) => players.get(id)!.bot))
      throw new ChallengeInputError('only people can be challenged, not bots', 'playerIds');
    let pending: ChallengeTx | null = null;
    const sideWrite = async (client: ChallengeTx['client'], gameId: string): Promise<void> => {
      const tx = (pending = new ChallengeTx(client));
      const recent = await this.store.recentChallenges(tx, challengerId, CHALLENGE_RATE_WINDOW_MS);
      if (recent.count >= CHALLENGE_RATE_MAX)
        throw new RateLimited(Math.max(1, Math.ceil(recent.retryAfterMs / 1000)));
      if (await this.store.anyRefuses(tx, challengerId, inviteeIds)) throw new Refused(REFUSED);
      const created = await this.store.insert(tx, {
        gameId,
        challengerId,
        inviteeIds,
        message: request.message,
        expiresInSeconds: request.expiresInSeconds,
      });
      await this.notices.notify(tx, events('CHALLENGE_RECEIVED', inviteeIds, created));
    };
    const game = {
      host: challengerId,
      rules,
      maxPlayers: inviteeIds.length + 1,
      turnSeconds: request.turnSeconds,
      // As createGame's default: a rated table refuses agents (their acceptance is AGENTS_NOT_ALLOWED).
      table: { visibility: 'PRIVATE' as const, rated: request.rated, allowAgents: !request.rated },
    };
    return this.settle(
      challengerId,
      operation,
      keyed,
      () => pending,
      (options) => this.tables.create(game, { ...options, sideWrite }),
    );
  }

  /** Seats the invitee in the challenge's game, in one transaction with their answer. */
  async accept(playerId: string, challengeId: string, keyed: KeyedRequest): Promise<ChallengeOutcome> {
    const operation = 'acceptChallenge';
    const replay = await this.replay(playerId, operation, keyed);
    if (replay) return replay;
    const found = await this.invitation(playerId, challengeId);
    if (found.kind !== 'done') return this.refuse(playerId, operation, keyed, found);
    let pending: ChallengeTx | null = null;
    const sideWrite = async (client: ChallengeTx['client']): Promise<void> => {
      const tx = (pending = new ChallengeTx(client));
      const challenge = await this.openInvitation(tx, challengeId, playerId);
      await this.store.answer(tx, challenge, playerId, 'ACCEPTED');
      await this.notices.notify(tx, events('CHALLENGE_ACCEPTED', [challenge.challengerId], challenge));
    };
    const gameId = found.challenge.gameId;
    return this.settle(
      playerId,
      operation,
      keyed,
      () => pending,
      (options) => this.tables.seatInvited(gameId, playerId, { ...options, sideWrite }),
    );
  }

  /** The invitee declines: their held seat is freed. */
  async decline(playerId: string, challengeId: string, keyed: KeyedRequest): Promise<ChallengeOutcome> {
    const operation = 'declineChallenge';
    const replay = await this.replay(playerId, operation, keyed);
    if (replay) return replay;
    const found = await this.invitation(playerId, challengeId);
    if (found.kind !== 'done') return this.refuse(playerId, operation, keyed, found);
    return this.inTransaction(playerId, operation, keyed, found.challenge.gameId, async (tx) => {
      const challenge = await this.openInvitation(tx, challengeId, playerId);
      await this.store.answer(tx, challenge, playerId, 'DECLINED');
      await this.notices.notify(tx, events('CHALLENGE_DECLINED', [challenge.challengerId], challenge));
    });
  }

  /**
   * The challenger withdraws the challenge: the invitations still open end, their seats freed. When nobody
   * accepted yet and the game is in its lobby, the challenger leaves it too, which cancels it.
   */
  async cancel(playerId: string, challengeId: string, keyed: KeyedRequest): Promise<ChallengeOutcome> {
    const operation = 'cancelChallenge';
    const replay = await this.replay(playerId, operation, keyed);
    if (replay) return replay;
    const challenge = await this.store.find(challengeId);
    if (!challenge || challenge.challengerId !== playerId)
      return { kind: 'not_found', what: 'that challenge' };
    if (challenge.status !== 'OPEN')
      return this.refuse(playerId, operation, keyed, { kind: 'refused', error: NOT_OPEN, challenge });
    const close = async (tx: ChallengeTx): Promise<void> => {
      const locked = await this.store.lock(tx, challengeId);
      if (locked?.status !== 'OPEN') throw new Refused(NOT_OPEN);
      await this.store.close(tx, locked, 'CANCELLED');
    };
    for (let attempt = 0; attempt < 3; attempt++) {
      const state = await this.games.load(challenge.gameId);
      if (!state || !aloneInLobby(state, playerId)) break;
      let pending: ChallengeTx | null = null;
      const sideWrite = async (client: ChallengeTx['client']): Promise<void> =>
        close((pending = new ChallengeTx(client)));
      const outcome = await this.settle(
        playerId,
        operation,
        keyed,
        () => pending,
        (options) =>
          this.moves.act(
            challenge.gameId,
            { type: 'LEAVE', playerId },
            { ...options, expectedVersion: state.version, sideWrite },
          ),
      );
      // Someone joined since the game was read: the challenger stays, the challenge alone is cancelled.
      if (outcome.kind === 'refused' && outcome.error.code === 'STALE_VERSION') continue;
      return outcome;
    }
    return this.inTransaction(playerId, operation, keyed, challenge.gameId, close);
  }

  /**
   * Expires the challenge if it is still OPEN and due (past expiresAt, or its game left the lobby): the
   * challenger and the invitees still open hear of it. Once across processes: under the challenge's lock.
   */
  async expire(challengeId: string): Promise<boolean> {
    const { result, tx } = await this.store.transaction(async (tx) => {
      const challenge = await this.store.lock(tx, challengeId);
      if (!challenge || !(await this.store.isDue(tx, challenge))) return false;
      await this.store.close(tx, challenge, 'EXPIRED');
      const open = challenge.invitees.filter((i) => i.status === 'OPEN').map((i) => i.playerId);
      await this.notices.notify(
        tx,
        events('CHALLENGE_EXPIRED', [challenge.challengerId, ...open], challenge),
      );
      return true;
    });
    this.notices.published(tx);
    return result;
  }

  /** The challenge, for its challenger and invitees only (null for anyone else). */
  async read(challengeId: string, viewerId: string | null): Promise<ChallengeRecord | null> {
    const challenge = await this.store.find(challengeId);
    return challenge && viewerId && concerns(challenge, viewerId) ? challenge : null;
  }

  /** The challenges `playerId` made or was invited to (in `status`, when given), newest first. */
  ofPlayer(
    playerId: string,
    status: ChallengeRecord['status'] | null,
    limit: number,
  ): Promise<ChallengeRecord[]> {
    return this.store.ofPlayer(playerId, status, limit);
  }

  private async invitation(playerId: string, challengeId: string): Promise<ChallengeOutcome> {
    const challenge = await this.store.find(challengeId);
    const invitee = challenge?.invitees.find((i) => i.playerId === playerId);
    if (!challenge || !invitee) return { kind: 'not_found', what: 'that challenge' };
    if (challenge.status !== 'OPEN' || invitee.status !== 'OPEN')
      return { kind: 'refused', error: NOT_OPEN, challenge };
    return { kind: 'done', challenge };
  }

  /** The challenge locked, with the invitee's invitation still open; otherwise the transaction is refused. */
  private async openInvitation(
    tx: ChallengeTx,
    challengeId: string,
    playerId: string,
  ): Promise<ChallengeRecord> {
    const challenge = await this.store.lock(tx, challengeId);
    const invitee = challenge?.invitees.find((i) => i.playerId === playerId);
    if (!challenge || challenge.status !== 'OPEN' || invitee?.status !== 'OPEN') throw new Refused(NOT_OPEN);
    return challenge;
  }

  /** Runs a move that carries a challenge's change, and answers with the challenge after it. */
  private async settle(
    playerId: string,
    operation: string,
    keyed: KeyedRequest,
    pending: () => ChallengeTx | null,
    move: (options: MoveOptions) => Promise<MoveResult>,
  ): Promise<ChallengeOutcome> {
    let result: MoveResult;
    try {
      result = await move({
        operation,
        idempotencyKey: keyed.idempotencyKey,
        requestHash: keyed.requestHash,
      });
    } catch (error) {
      if (error instanceof RateLimited)
        return { kind: 'rate_limited', retryAfterSeconds: error.retryAfterSeconds };
      if (error instanceof Refused)
        return this.refuse(playerId, operation, keyed, {
          kind: 'refused',
          error: error.refusal,
          challenge: null,
        });
      throw error;
    }
    if (result.kind === 'not_found') return { kind: 'not_found', what: 'that challenge' };
    const challenge = result.gameId ? await this.store.findByGame(result.gameId) : null;
    if (result.kind === 'refused') return { kind: 'refused', error: result.error, challenge };
    const tx = pending();
    if (tx && result.events.length > 0) this.notices.published(tx);
    return challenge ? { kind: 'done', challenge } : { kind: 'not_found', what: 'that challenge' };
  }

  /** A change of the challenge's rows alone, in one transaction with its events and the request's key. */
  private async inTransaction(
    playerId: string,
    operation: string,
    keyed: KeyedRequest,
    gameId: string,
    work: (tx: ChallengeTx) => Promise<void>,
  ): Promise<ChallengeOutcome> {
    try {
      const { result: recorded, tx } = await this.store.transaction(async (tx) => {
        await work(tx);
        if (!keyed.idempotencyKey) return true;
        const response = { requestHash: keyed.requestHash, gameId, version: null, error: null };
        const taken = !(await this.store.recordKey(tx, {
          playerId,
          key: keyed.idempotencyKey,
          operation,
          response,
        }));
        if (taken) throw new KeyTaken();
        return true;
      });
      if (recorded) this.notices.published(tx);
    } catch (error) {
      if (error instanceof KeyTaken) return (await this.replay(playerId, operation, keyed))!;
      if (error instanceof Refused)
        return this.refuse(playerId, operation, keyed, {
          kind: 'refused',
          error: error.refusal,
          challenge: null,
        });
      throw error;
    }
    const challenge = await this.store.findByGame(gameId);
    return challenge ? { kind: 'done', challenge } : { kind: 'not_found', what: 'that challenge' };
  }

  /** A refusal, recorded under the request's key when it has one (a retry gets it again). */
  private async refuse(
    playerId: string,
    operation: string,
    keyed: KeyedRequest,
    outcome: ChallengeOutcome,
  ): Promise<ChallengeOutcome> {
    if (outcome.kind !== 'refused' || !keyed.idempotencyKey) return outcome;
    const gameId = outcome.challenge?.gameId ?? null;
    const recorded = await this.idempotency.recordRefusal({
      playerId,
      key: keyed.idempotencyKey,
      operation,
      response: { requestHash: keyed.requestHash, gameId, version: null, error: outcome.error },
    });
    if (recorded) return outcome;
    return (await this.replay(playerId, operation, keyed)) ?? outcome;
  }

  /** The answer to a retry of a recorded key (the challenge as it is now), or null without a record. */
  private async replay(
    playerId: string,
    operation: string,
    keyed: KeyedRequest,
  ): Promise<ChallengeOutcome | null> {
    if (!keyed.idempotencyKey) return null;
    const record = await this.idempotency.find(playerId, keyed.idempotencyKey);
    if (!record) return null;
    if (record.operation !== operation || record.response.requestHash !== keyed.requestHash) {
      const message = `this idempotencyKey was already used for another request (${record.operation}); use a new key`;
      return {
        kind: 'refused',
        error: { code: 'IDEMPOTENCY_KEY_REUSED', message, field: ['idempotencyKey'] },
        challenge: null,
      };
    }
    const { gameId, error } = record.response;
    const challenge = gameId ? await this.store.findByGame(gameId) : null;
    if (error) return { kind: 'refused', error: error as ChallengeRefusal, challenge };
    return challenge ? { kind: 'done', challenge } : { kind: 'not_found', what: 'that challenge' };
  }
}

class KeyTaken extends Error {}
