import { reference2026_07 } from './revisions.js';

/**
 * Reference time-context, spec revision 2026-07 (the seed README; behaves like npm
 * `@deepseek-ai/dsh-time-context@0.0.1-rc.1`): a two-line reading (time, elapsed), always rendered in
 * the configured or load-time process zone; no browser-zone policy and no browser-zone validation.
 * Config, load errors, scheduling, baselines, placement and the snapshot source are as in 2026-08.
 */
export const { name, inject, Config, apply } = reference2026_07;
