// Counts of the server's own work on the event path, kept as plain numbers (an increment costs nothing on
// the hot path) and read by the metrics when scraped: the load benchmark prints them per move.

/** What one process has done so far on the way from a move to the frames its sockets receive. */
export interface WorkCounts {
  /** Subscription results computed by executing a document (graphql-jit or graphql-js). */
  executions: number;
  /** Subscription results served from an execution made for another subscriber of the same audience. */
  sharedResults: number;
  /** WebSocket frames sent (each one message of the protocol, stringified once). */
  frames: number;
  /** Writes handed to the kernel for WebSocket frames (frames of one turn to one socket share one write). */
  socketWrites: number;
  /** Events folded into a state after the move that made them (feeds and replays). */
  folds: number;
  /** GameEvent objects built for a viewer (`viewFor` + `toGame` + `toGameEvent`). */
  eventViews: number;
  /** Queries and mutations on sockets executed by compiled code (graphql-jit) rather than graphql-js. */
  compiledOperations: number;
}

/** The counts of this process (one per process: several apps in one test process share it). */
export const workCounts: WorkCounts = {
  executions: 0,
  sharedResults: 0,
  frames: 0,
  socketWrites: 0,
  folds: 0,
  eventViews: 0,
  compiledOperations: 0,
};
