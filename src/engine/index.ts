// The pure Perudo rules engine: no I/O, no clock, randomness injected.
export * from './actions';
export * from './bidding';
export * from './dice-source';
export * from './event-meaning';
export * from './events';
export * from './fair-dice';
export * from './legal-actions';
export * from './odds';
export * from './places';
export * from './random';
export * from './reducer';
export * from './replay';
export * from './rules';
export * from './server-moves';
export * from './state';
export * from './view';
export * from './violations';
