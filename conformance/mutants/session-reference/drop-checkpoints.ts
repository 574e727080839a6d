import Reference from '../../../reference/session-reference/index.js';
import type { FittedReference } from '../../../reference/session-reference/projection.js';
import type { SurfaceSnapshot } from '../../../reference/session-reference/types.js';

export const description = 'Projects only messages whose source kind is "user", losing compaction checkpoints (the whole compacted past).';

export default class SessionReferenceResolver extends Reference {
  protected override fit(snapshot: SurfaceSnapshot, label: string): FittedReference | undefined {
    const events = snapshot.events.filter((e) => !(e.type === 'user/message' && e.data.source.kind === 'plugin' && e.data.source.plugin === 'compact'));
    return super.fit({ ...snapshot, events }, label);
  }
}

// The package's helper exports are unchanged in this variant (only the resolver is broken).
export { encodeSessionReferenceUri, decodeSessionReferenceUri, formatSessionReferenceMention, parseSessionReferenceText } from '../../../reference/session-reference/uri.js';
