// The pure Perudo rules engine: no I/O, no clock, randomness injected.
export * from './actions';
export { DEFAULT_ALL_AWAY_END_SECONDS } from './away.actions';
export { checkBid, checkExact } from './bid-checks';
export * from './bidding';
export * from './commands';
export * from './default-move';
export * from './dice-source';
export * from './event-meaning';
export * from './events';
export * from './fair-dice';
export * from './legal-actions';
export {
  BOT_FILL_SECONDS,
  createGame,
  DISCONNECT_SECONDS,
  GAME_NAME_MAX_LENGTH,
  INVITE_CODE_ALPHABET,
  INVITE_CODE_LENGTH,
  AGENTS_NOT_ALLOWED_MESSAGE,
  INVITE_REQUIRED_MESSAGE,
  inviteCodeMatches,
  type JoinPass,
  TIMEOUTS_TO_FORFEIT,
  TURN_SECONDS,
  type NewGame,
  withTableDefaults,
} from './lobby.actions';
export * from './odds';
export * from './player-notices';
export * from './places';
export * from './random';
export * from './reducer';
export * from './replay';
export * from './rules';
export * from './server-moves';
export * from './state';
export * from './table.actions';
export { epochMillis } from './timestamps';
export * from './view';
export * from './watchers';
export * from './violations';
export * from './pair-results';
export * from './decisions';
