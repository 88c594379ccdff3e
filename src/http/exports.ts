// The NDJSON exports of finished games, wired on their reads: the games, and every decision in them.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Pool } from 'pg';
import { DecisionExportQueries } from '../store/decision-export.queries';
import type { EventLog } from '../store/event-log';
import { GameExportQueries } from '../store/game-export.queries';
import type { GameHistoryQueries } from '../store/game-history.queries';
import { decisionExportHandler } from './decision-export.handler';
import { exportHandler } from './export.handler';
import { ExportSlots, type ExportOptions } from './export-stream';

type Handler = (req: IncomingMessage, res: ServerResponse) => Promise<void>;

/** GET /export/games.ndjson and /export/decisions.ndjson; an address runs one of them at a time. */
export function exportHandlers(
  reads: { readonly pool: Pool; readonly history: GameHistoryQueries; readonly eventLog: EventLog },
  log: (message: unknown) => void,
  options: Omit<ExportOptions, 'slots'>,
): { exportGames: Handler; exportDecisions: Handler } {
  const shared = { ...options, slots: new ExportSlots() };
  const games = new GameExportQueries(reads.pool, reads.history);
  return {
    exportGames: exportHandler(games, log, shared),
    exportDecisions: decisionExportHandler(
      new DecisionExportQueries(reads.pool, games, reads.eventLog),
      log,
      shared,
    ),
  };
}
