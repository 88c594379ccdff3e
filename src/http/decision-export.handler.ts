// GET /export/decisions.ndjson: every decision of the finished games the game export gives, one JSON line
// each, with what its seat could see then: read and written one game at a time, paged as the game export is.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { gameGlobalId, playerGlobalId } from '../graphql/ids';
import { toRuleSet } from '../graphql/mappers/rule-set.mapper';
import type { Decision, DecisionExportQueries, GameDecisions } from '../store/decision-export.queries';
import type { ExportHead } from '../store/game-export.queries';
import {
  BadParameter,
  exportEndpoint,
  parseExportQuery,
  playerParameter,
  type ExportOptions,
  type ExportQuery,
} from './export-stream';

interface DecisionQuery extends ExportQuery {
  /** Only this agent's decisions (a database id); null: every seat's. */
  readonly agentId: string | null;
}

async function parseDecisionQuery(url: URL, reads: DecisionExportQueries): Promise<DecisionQuery> {
  const query = parseExportQuery(url, ['agentId', 'arena']);
  const arenaText = url.searchParams.get('arena');
  if (arenaText !== null && arenaText !== 'true' && arenaText !== 'false') {
    throw new BadParameter('arena must be true or false');
  }
  const agentId = playerParameter(url, 'agentId');
  if (agentId !== null && (await reads.isAgent(agentId)) !== true) {
    throw new BadParameter('agentId is not an agent: use playerId for a person or a bot');
  }
  return {
    ...query,
    filter: {
      ...query.filter,
      agentId,
      arena: arenaText === null ? null : arenaText === 'true',
      decided: true,
    },
    agentId,
  };
}

/** One line of the export (its format is docs/decisions.schema.json). */
export function decisionLine(game: GameDecisions, d: Decision): string {
  return JSON.stringify({
    game: gameGlobalId(game.id),
    round: d.round,
    decision: d.decision,
    seat: d.seat,
    player: playerGlobalId(d.playerId),
    agent: game.agents.has(d.playerId),
    bot: d.bot,
    byServer: d.byServer,
    timedOut: d.timedOut,
    rules: { ...toRuleSet(game.rules) },
    preset: game.preset,
    arena: game.arena,
    view: d.view,
    legal: d.legal,
    action: d.action,
    thinkMs: d.thinkMs,
    outcome: d.outcome,
  });
}

/** Serves the export; `reads` pages the store. */
export function decisionExportHandler(
  reads: DecisionExportQueries,
  log: (message: unknown) => void,
  options: ExportOptions,
): (req: IncomingMessage, res: ServerResponse) => Promise<void> {
  return exportEndpoint<DecisionQuery, ExportHead>(
    {
      parse: (url) => parseDecisionQuery(url, reads),
      heads: (query, after, limit) => reads.heads(query.filter, after, limit),
      lines: async (query, head) => {
        const game = await reads.decisionsOf(head);
        let text = '';
        for (const d of game.decisions) {
          if (query.agentId === null || d.playerId === query.agentId) text += decisionLine(game, d) + '\n';
        }
        return text;
      },
    },
    log,
    options,
  );
}
