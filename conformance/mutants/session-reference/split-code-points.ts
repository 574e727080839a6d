import Reference from '../../../reference/session-reference/index.js';
import { UPSTREAM_FIT, fitReference, type FittedReference } from '../../../reference/session-reference/projection.js';
import type { SurfaceSnapshot } from '../../../reference/session-reference/types.js';

export const description = 'Truncates at raw byte offsets, splitting multi-byte characters (they decode as U+FFFD).';

/** Head/tail by bytes with no boundary adjustment, same search and marker as the reference. */
function truncateBytes(text: string, maxBytes: number): { text: string; omittedBytes: number } {
  const bytes = Buffer.from(text, 'utf8');
  if (bytes.length <= maxBytes) return { text, omittedBytes: 0 };
  let best = { text: '', omittedBytes: bytes.length };
  let low = 0;
  let high = maxBytes;
  while (low <= high) {
    const keep = Math.floor((low + high) / 2);
    const head = Math.ceil(keep / 2);
    const tail = Math.floor(keep / 2);
    const omitted = bytes.length - head - tail;
    const candidate = `${bytes.subarray(0, head).toString('utf8')}${bytes.subarray(bytes.length - tail).toString('utf8')}\n[… omitted ${omitted} UTF-8 bytes …]`;
    if (Buffer.byteLength(candidate, 'utf8') <= maxBytes) {
      best = { text: candidate, omittedBytes: omitted };
      low = keep + 1;
    } else high = keep - 1;
  }
  return best;
}

export default class SessionReferenceResolver extends Reference {
  protected override fit(snapshot: SurfaceSnapshot, label: string): FittedReference | undefined {
    return fitReference(snapshot, label, this.config.maxReferenceBytes, { ...UPSTREAM_FIT, truncate: truncateBytes });
  }
}

// The package's helper exports are unchanged in this variant (only the resolver is broken).
export { encodeSessionReferenceUri, decodeSessionReferenceUri, formatSessionReferenceMention, parseSessionReferenceText } from '../../../reference/session-reference/uri.js';
