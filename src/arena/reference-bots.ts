// The arena's three reference bots: created on first need, one per level, and picked for a fill.
import type { Pool } from 'pg';
import { BOT_LEVELS, type BotLevel } from '../engine';
import type { ReferenceBot } from '../moves';
import { hashToken, newToken } from '../security/tokens';

/** The name of the reference bot of a level. */
export const REFERENCE_BOT_NAMES: Readonly<Record<BotLevel, string>> = {
  EASY: 'Arena Easy',
  NORMAL: 'Arena Normal',
  HARD: 'Arena Hard',
};

export class ReferenceBots {
  /** Set once the three players are known to exist. */
  private ensured = false;

  constructor(private readonly pool: Pool) {}

  /**
   * `count` reference bots for an arena table of `preset`, none of the levels `seated` there already: the
   * levels with the fewest rated arena games of the preset first, ties in level order (EASY, NORMAL, HARD).
   */
  async pick(
    preset: string,
    count: number,
    seated: readonly BotLevel[] = [],
  ): Promise<readonly ReferenceBot[]> {
    await this.ensure();
    const { rows } = await this.pool.query<{ id: string; level: BotLevel }>(
      `SELECT p.id::text AS id, p.arena_reference::text AS level
         FROM players p
        WHERE p.arena_reference IS NOT NULL AND NOT (p.arena_reference::text = ANY($4::text[]))
        ORDER BY (SELECT count(*) FROM rating_changes c WHERE c.player_id = p.id AND c.preset = $1),
                 array_position($2::text[], p.arena_reference::text)
        LIMIT $3`,
      [preset, BOT_LEVELS, count, seated],
    );
    return rows.map((r) => ({ playerId: r.id, level: r.level }));
  }

  /** The reference bot of `level`. */
  async of(level: BotLevel): Promise<ReferenceBot> {
    await this.ensure();
    const { rows } = await this.pool.query<{ id: string }>(
      'SELECT id::text AS id FROM players WHERE arena_reference = $1::"BotLevel"',
      [level],
    );
    if (!rows[0]) throw new Error(`the ${level} reference bot is missing`);
    return { playerId: rows[0].id, level };
  }

  /** Creates the players of the levels that have none; concurrent calls on any process create each once. */
  private async ensure(): Promise<void> {
    if (this.ensured) return;
    // Bots never authenticate: the digests are of tokens drawn here and never kept.
    await this.pool.query(
      `INSERT INTO players (name, token_hash, bot_level, arena_reference)
       SELECT x.name, x.token_hash, x.level::"BotLevel", x.level::"BotLevel"
         FROM unnest($1::text[], $2::text[], $3::text[]) AS x(level, name, token_hash)
       ON CONFLICT (arena_reference) DO NOTHING`,
      [
        BOT_LEVELS,
        BOT_LEVELS.map((l) => REFERENCE_BOT_NAMES[l]),
        BOT_LEVELS.map(() => hashToken(newToken())),
      ],
    );
    this.ensured = true;
  }
}
