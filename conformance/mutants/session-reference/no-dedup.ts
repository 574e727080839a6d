import Reference from '../../../reference/session-reference/index.js';
import type { NormalisedReference } from '../../../reference/session-reference/references.js';

export const description = 'Checks the cap on distinct sessions but keeps duplicate mentions as separate references (the same session is read and rendered twice).';

export default class SessionReferenceResolver extends Reference {
  protected override normalise(selfId: string, references: readonly unknown[]): NormalisedReference[] {
    super.normalise(selfId, references);
    return references.map((r) => {
      const { sessionId, label } = r as { sessionId: string; label?: string };
      return { sessionId, label: label ?? sessionId };
    });
  }
}

// The package's helper exports are unchanged in this variant (only the resolver is broken).
export { encodeSessionReferenceUri, decodeSessionReferenceUri, formatSessionReferenceMention, parseSessionReferenceText } from '../../../reference/session-reference/uri.js';
