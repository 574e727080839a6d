import { reference2026_08 } from './revisions.js';

/**
 * Reference time-context, spec revision 2026-08 (behaves like `@deepseek-ai/dsh-time-context@0.1.0-rc.8`):
 * a three-line reading (time, browser-zone policy, elapsed) appended after the entering batch. The
 * upstream namespace shape (`name`, `inject`, `Config`, `apply`), plus `referenceFor(revision)` so the suite
 * can pick the 2026-07 reference (`./revision-2026-07.ts`) by revision.
 */
export const { name, inject, Config, apply } = reference2026_08;
export { referenceFor } from './revisions.js';
