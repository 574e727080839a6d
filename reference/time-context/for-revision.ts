import type { SpecRevision } from '../../spec/revisions.js';
import * as revision2026_07 from './revision-2026-07.js';
import * as revision2026_08 from './index.js';

/** The reference module (upstream namespace shape) that defines time-context under `spec`. */
export function referenceFor(spec: SpecRevision): typeof revision2026_08 {
  return spec === '2026-07' ? revision2026_07 : revision2026_08;
}

/** The published package that each revision was taken from (the differential oracles). */
export const UPSTREAM_FOR_REVISION: Record<SpecRevision, string> = {
  '2026-08': '@deepseek-ai/dsh-time-context',
  '2026-07': 'dsh-time-context-0.0.1-rc.1',
};
