// The outcome of a move, also importable from this path by the shared store test helpers.
export type { MoveResult } from './move-result';
