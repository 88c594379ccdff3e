// The decisions export's reads: the games the game export pages, each with its whole log folded into its
// decisions, and which of its players are agents.
import type { Pool } from 'pg';
import { decisionsOf, type Decision, type PlayerId, type RuleSet } from '../engine';
import type { EventLog } from './event-log';
import type { ExportFilter, ExportHead, GameExportQueries } from './game-export.queries';

export type { Decision } from '../engine';

/** One finished game's decisions, with what every line of it repeats. */
export interface GameDecisions {
  readonly id: string;
  readonly rules: RuleSet;
  readonly preset: string | null;
  readonly arena: boolean;
  /** The seated players that are agents (players.owner_id set). */
  readonly agents: ReadonlySet<PlayerId>;
  readonly decisions: readonly Decision[];
}

export class DecisionExportQueries {
  constructor(
    private readonly pool: Pool,
    private readonly games: GameExportQueries,
    private readonly log: Pick<EventLog, 'eventsUpTo'>,
  ) {}

  /** Whether the player exists and is an agent: null when there is no such player. */
  async isAgent(playerId: string): Promise<boolean | null> {
    const { rows } = await this.pool.query<{ agent: boolean }>(
      'SELECT owner_id IS NOT NULL AS agent FROM players WHERE id = $1',
      [playerId],
    );
    return rows[0]?.agent ?? null;
  }

  /** The games the game export gives for `filter`, paged the same way. */
  heads(filter: ExportFilter, afterId: string | null, limit: number): Promise<ExportHead[]> {
    return this.games.heads(filter, afterId, limit);
  }

  /** One game's decisions: its log read in one query and folded once. */
  async decisionsOf(head: ExportHead): Promise<GameDecisions> {
    const [row, events] = await Promise.all([
      this.pool
        .query<{ preset: string | null; arena: boolean; agents: string[] }>(
          `SELECT g.preset, g.arena_key IS NOT NULL AS arena,
                  ARRAY(SELECT s.player_id::text FROM seats s JOIN players p ON p.id = s.player_id
                         WHERE s.game_id = g.id AND p.owner_id IS NOT NULL) AS agents
             FROM games g WHERE g.id = $1`,
          [head.id],
        )
        .then((r) => r.rows[0]),
      this.log.eventsUpTo(head.id),
    ]);
    return {
      id: head.id,
      rules: head.rules,
      preset: row?.preset ?? null,
      arena: row?.arena ?? false,
      agents: new Set(row?.agents ?? []),
      decisions: decisionsOf(events),
    };
  }
}
