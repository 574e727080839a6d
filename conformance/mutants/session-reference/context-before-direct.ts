import Reference from '../../../reference/session-reference/index.js';
import type { UserMessage } from '../../../reference/shared/message.js';

export const description = 'Puts the snapshot before the citing message (the 0.0.1 host-driven order) instead of right after it.';

export default class SessionReferenceResolver extends Reference {
  protected override place(direct: UserMessage, context: UserMessage | undefined): UserMessage[] {
    return context === undefined ? [direct] : [context, direct];
  }
}

// The package's helper exports are unchanged in this variant (only the resolver is broken).
export { encodeSessionReferenceUri, decodeSessionReferenceUri, formatSessionReferenceMention, parseSessionReferenceText } from '../../../reference/session-reference/uri.js';
