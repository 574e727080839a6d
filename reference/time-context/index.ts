import { createTimeContextPlugin, REFERENCE_DESIGN } from './plugin.js';

/**
 * Reference time-context, spec revision 2026-08 (behaves like `@deepseek-ai/dsh-time-context@0.1.0-rc.8`):
 * a three-line reading (time, browser-zone policy, elapsed) appended after the entering batch. The
 * module has exactly the upstream namespace shape: `name`, `inject`, `Config`, `apply`.
 * For choosing a reference by revision see `./for-revision.ts`.
 */
const plugin = createTimeContextPlugin(REFERENCE_DESIGN);

export const name = plugin.name;
export const inject = plugin.inject;
export const Config = plugin.Config;
export const apply = plugin.apply;
