import { randomUUID } from 'node:crypto';
import Reference from '../../../reference/session-reference/index.js';
import { freezeMessage, type UserMessage } from '../../../reference/shared/message.js';

export const description = 'Gives the rewritten citing message a fresh id instead of keeping the one it arrived with.';

export default class SessionReferenceResolver extends Reference {
  protected override place(direct: UserMessage, context: UserMessage | undefined): UserMessage[] {
    const renamed = freezeMessage({ ...direct, id: randomUUID() });
    return context === undefined ? [renamed] : [renamed, context];
  }
}

// The package's helper exports are unchanged in this variant (only the resolver is broken).
export { encodeSessionReferenceUri, decodeSessionReferenceUri, formatSessionReferenceMention, parseSessionReferenceText } from '../../../reference/session-reference/uri.js';
