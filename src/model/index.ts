export * from './constants.js';
export * from './envelope.js';
export * from './errors.js';
export * from './facts.js';
export * from './ids.js';
export * from './paths.js';
export type * from './types.js';
