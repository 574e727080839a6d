import Reference from '../../../reference/session-reference/index.js';
import { UPSTREAM_FIT, fitReference, type FittedReference } from '../../../reference/session-reference/projection.js';
import type { SurfaceSnapshot } from '../../../reference/session-reference/types.js';

export const description = 'When over budget, drops the newest non-checkpoint message first instead of the earliest.';

export default class SessionReferenceResolver extends Reference {
  protected override fit(snapshot: SurfaceSnapshot, label: string): FittedReference | undefined {
    const pickDrop = (items: ReadonlyArray<{ checkpoint: boolean }>) => {
      for (let i = items.length - 1; i >= 0; i--) if (!items[i].checkpoint) return items.length > 1 ? i : -1;
      return -1;
    };
    return fitReference(snapshot, label, this.config.maxReferenceBytes, { ...UPSTREAM_FIT, pickDrop });
  }
}

// The package's helper exports are unchanged in this variant (only the resolver is broken).
export { encodeSessionReferenceUri, decodeSessionReferenceUri, formatSessionReferenceMention, parseSessionReferenceText } from '../../../reference/session-reference/uri.js';
