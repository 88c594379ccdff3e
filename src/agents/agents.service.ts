// The agent use cases of their owner: creating one, replacing its token, renaming and retiring it.
import type { AccountsService } from '../accounts/accounts.service';
import type { NameSkeletons } from '../security/name-skeleton';
import type { PlayerRecord, PlayerRepository } from '../store/player.repository';
import { AGENTS_PER_OWNER, type AgentsRepository } from './agents.repository';

/** The userError codes of agent changes. */
export type AgentRefusalCode = 'AGENTS_NOT_ALLOWED' | 'AGENT_LIMIT_REACHED' | 'IDEMPOTENCY_KEY_REUSED';

export interface AgentRefusal {
  readonly kind: 'refused';
  readonly code: AgentRefusalCode;
  readonly message: string;
  readonly field: readonly string[];
}

/** An agent with a token shown once (created, or given a new one). */
export type AgentWithToken =
  | { readonly kind: 'ok'; readonly agent: PlayerRecord; readonly token: string }
  | AgentRefusal
  /** Not a live agent of the caller's: the same answer for someone else's, a person, an unknown id. */
  | { readonly kind: 'not_found' };

export type AgentChange =
  { readonly kind: 'ok'; readonly agent: PlayerRecord } | { readonly kind: 'not_found' };

/** Whether a player is a person: neither a bot the server plays nor an agent. */
function isPerson(player: PlayerRecord): boolean {
  return player.botLevel === null && player.ownerId === null;
}

export class AgentsService {
  constructor(
    private readonly repository: AgentsRepository,
    private readonly players: Pick<PlayerRepository, 'findByIds'>,
    private readonly accounts: Pick<AccountsService, 'rename' | 'tokenReplaced'>,
  ) {}

  /**
   * Creates an agent owned by `owner` (a person) with its own token. A new one is charged as a registration
   * (`charge`: the refusal to throw, or null); a retry of one made under the same key is not. Throws
   * NameTakenError when the name looks like one a person or agent holds.
   */
  async create(
    owner: PlayerRecord,
    name: string,
    skeletons: NameSkeletons,
    idempotencyKey: string | null,
    charge: () => Error | null,
  ): Promise<AgentWithToken> {
    if (!isPerson(owner)) {
      return refusal('AGENTS_NOT_ALLOWED', 'only a person may own agents: an agent cannot create one', []);
    }
    if (!idempotencyKey || !(await this.repository.isCreated(owner.id, idempotencyKey))) {
      const refused = charge();
      if (refused) throw refused;
    }
    const created = await this.repository.create(owner.id, name, skeletons, idempotencyKey);
    switch (created.kind) {
      case 'limit_reached':
        return refusal(
          'AGENT_LIMIT_REACHED',
          `a person may hold at most ${AGENTS_PER_OWNER} agents that are not retired: retire one (retireAgent) to create another`,
          ['input'],
        );
      case 'reused':
        return refusal(
          'IDEMPOTENCY_KEY_REUSED',
          'this idempotencyKey was already used to create an agent of another name; use a new key',
          ['idempotencyKey'],
        );
      case 'created':
        return { kind: 'ok', agent: created.agent, token: created.token };
    }
  }

  /**
   * Gives an agent of the owner's a new token; every earlier one stops working on every process (told
   * before this resolves). A retry under the same key gets the same token and changes nothing.
   */
  async rotateToken(
    ownerId: string,
    agentId: string,
    idempotencyKey: string | null,
  ): Promise<AgentWithToken> {
    const rotated = await this.repository.rotate(ownerId, agentId, idempotencyKey);
    if (rotated.kind === 'not_found') return rotated;
    if (!rotated.replayed) await this.accounts.tokenReplaced(agentId);
    return { kind: 'ok', agent: rotated.agent, token: rotated.token };
  }

  /** Renames an agent of the owner's (registerPlayer's name rules); throws NameTakenError as a rename does. */
  async rename(
    ownerId: string,
    agentId: string,
    name: string,
    skeletons: NameSkeletons,
  ): Promise<AgentChange> {
    if (!(await this.repository.isOwned(ownerId, agentId))) return { kind: 'not_found' };
    await this.accounts.rename(agentId, name, skeletons);
    const [agent] = await this.players.findByIds([agentId]);
    return agent ? { kind: 'ok', agent } : { kind: 'not_found' };
  }

  /**
   * Retires an agent of the owner's, for good: its tokens stop working on every process (told before this
   * resolves) and it no longer counts against the owner's cap. Retiring a retired agent changes nothing.
   */
  async retire(ownerId: string, agentId: string): Promise<AgentChange> {
    const retired = await this.repository.retire(ownerId, agentId);
    if (!retired) return { kind: 'not_found' };
    if (retired.changed) await this.accounts.tokenReplaced(agentId);
    return { kind: 'ok', agent: retired.agent };
  }

  /** The owner's agents, retired ones too, oldest first. */
  list(ownerId: string): Promise<PlayerRecord[]> {
    return this.repository.list(ownerId);
  }
}

function refusal(code: AgentRefusalCode, message: string, field: readonly string[]): AgentRefusal {
  return { kind: 'refused', code, message, field };
}
