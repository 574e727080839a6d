import Reference from '../../../reference/session-reference/index.js';
import { UPSTREAM_FIT, fitReference, type FittedReference } from '../../../reference/session-reference/projection.js';
import { stringifyTagSafeJson } from '../../../reference/session-reference/tag-safe-json.js';
import type { SurfaceSnapshot } from '../../../reference/session-reference/types.js';

export const description = 'Measures the per-reference budget in UTF-16 code units instead of UTF-8 bytes, so non-ASCII snapshots overflow it.';

export default class SessionReferenceResolver extends Reference {
  protected override fit(snapshot: SurfaceSnapshot, label: string): FittedReference | undefined {
    return fitReference(snapshot, label, this.config.maxReferenceBytes, { ...UPSTREAM_FIT, measure: (data) => stringifyTagSafeJson(data).length });
  }
}

// The package's helper exports are unchanged in this variant (only the resolver is broken).
export { encodeSessionReferenceUri, decodeSessionReferenceUri, formatSessionReferenceMention, parseSessionReferenceText } from '../../../reference/session-reference/uri.js';
