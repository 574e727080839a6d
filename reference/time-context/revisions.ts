import type { SpecRevision } from '../../spec/revisions.js';
import { createTimeContextPlugin, REFERENCE_DESIGN, REFERENCE_DESIGN_2026_07, type TimeContextPlugin } from './plugin.js';

/**
 * The reference plugin of each spec revision. `index.ts` (2026-08) and `revision-2026-07.ts` expose
 * them with the upstream module shape; the suite picks one by revision through {@link referenceFor}.
 */
export const reference2026_08: TimeContextPlugin = createTimeContextPlugin(REFERENCE_DESIGN);
export const reference2026_07: TimeContextPlugin = createTimeContextPlugin(REFERENCE_DESIGN_2026_07);

/** The reference (namespace shape: name, inject, Config, apply) that defines time-context under `revision`. */
export function referenceFor(revision: SpecRevision): TimeContextPlugin {
  return revision === '2026-07' ? reference2026_07 : reference2026_08;
}
