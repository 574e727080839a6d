import Reference from '../../../reference/session-reference/index.js';
import type { NormalisedReference } from '../../../reference/session-reference/references.js';

export const description = 'A session mentioning itself more than once is treated as an echo and silently dropped instead of failing the turn.';

export default class SessionReferenceResolver extends Reference {
  protected override normalise(selfId: string, references: readonly unknown[]): NormalisedReference[] {
    const selfMentions = references.filter((r) => (r as { sessionId?: unknown })?.sessionId === selfId).length;
    return super.normalise(selfId, selfMentions > 1 ? references.filter((r) => (r as { sessionId?: unknown })?.sessionId !== selfId) : references);
  }
}

// The package's helper exports are unchanged in this variant (only the resolver is broken).
export { encodeSessionReferenceUri, decodeSessionReferenceUri, formatSessionReferenceMention, parseSessionReferenceText } from '../../../reference/session-reference/uri.js';
