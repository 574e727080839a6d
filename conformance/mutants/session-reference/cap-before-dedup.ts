import Reference, { SessionReferenceError } from '../../../reference/session-reference/index.js';
import type { NormalisedReference } from '../../../reference/session-reference/references.js';

export const description = 'Counts every mention against maxReferences before removing duplicates, so repeating one session can exceed the cap.';

export default class SessionReferenceResolver extends Reference {
  protected override normalise(selfId: string, references: readonly unknown[]): NormalisedReference[] {
    if (references.length > this.config.maxReferences) {
      throw new SessionReferenceError(`a message may reference at most ${this.config.maxReferences} sessions`, 'SESSION_REFERENCE_TOO_MANY');
    }
    return super.normalise(selfId, references);
  }
}

// The package's helper exports are unchanged in this variant (only the resolver is broken).
export { encodeSessionReferenceUri, decodeSessionReferenceUri, formatSessionReferenceMention, parseSessionReferenceText } from '../../../reference/session-reference/uri.js';
