import Reference from '../../../reference/session-reference/index.js';
import type { UserMessage } from '../../../reference/shared/message.js';

export const description = 'Also resolves mentions in plugin-sourced messages, letting injected text pull other sessions into the context.';

export default class SessionReferenceResolver extends Reference {
  protected override isDirect(message: UserMessage): boolean {
    return message.source.kind === 'user' || message.source.kind === 'plugin';
  }
}
