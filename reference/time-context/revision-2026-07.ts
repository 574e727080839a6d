import { createTimeContextPlugin, REFERENCE_DESIGN_2026_07 } from './plugin.js';

/**
 * Reference time-context, spec revision 2026-07 (the seed README; behaves like npm
 * `@deepseek-ai/dsh-time-context@0.0.1-rc.1`): a two-line reading (time, elapsed), always rendered in
 * the configured or load-time process zone; no browser-zone policy and no browser-zone validation.
 * Config, load errors, scheduling, baselines, placement and the snapshot source are as in 2026-08.
 */
const plugin = createTimeContextPlugin(REFERENCE_DESIGN_2026_07);

export const name = plugin.name;
export const inject = plugin.inject;
export const Config = plugin.Config;
export const apply = plugin.apply;
