import Reference from '../../../reference/session-reference/index.js';
import type { UserMessage } from '../../../reference/shared/message.js';

export const description = 'Also resolves mentions in plugin-sourced messages, letting injected text pull other sessions into the context.';

export default class SessionReferenceResolver extends Reference {
  protected override isDirect(message: UserMessage): boolean {
    return message.source.kind === 'user' || message.source.kind === 'plugin';
  }
}

// The package's helper exports are unchanged in this variant (only the resolver is broken).
export { encodeSessionReferenceUri, decodeSessionReferenceUri, formatSessionReferenceMention, parseSessionReferenceText } from '../../../reference/session-reference/uri.js';
