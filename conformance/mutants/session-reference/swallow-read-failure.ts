import Reference, { SessionReferenceError } from '../../../reference/session-reference/index.js';
import type { PreparedMessage } from '../../../reference/session-reference/resolver.js';
import type { AgentLike, ContentBlock } from '../../../reference/session-reference/types.js';
import type { UserMessage } from '../../../reference/shared/message.js';

export const description = 'Treats a failed source read as "no context" and lets the turn continue without the snapshot the user asked for.';

export default class SessionReferenceResolver extends Reference {
  override async prepare(agent: AgentLike, content: readonly ContentBlock[], references: readonly unknown[], signal?: AbortSignal): Promise<PreparedMessage> {
    try {
      return await super.prepare(agent, content, references, signal);
    } catch (error) {
      if (error instanceof SessionReferenceError && error.code === 'SESSION_REFERENCE_READ_FAILED') return { content: structuredClone(content) as ContentBlock[] };
      throw error;
    }
  }

  protected override place(direct: UserMessage, context: UserMessage | undefined): UserMessage[] {
    return context === undefined ? [direct] : [direct, context];
  }
}

// The package's helper exports are unchanged in this variant (only the resolver is broken).
export { encodeSessionReferenceUri, decodeSessionReferenceUri, formatSessionReferenceMention, parseSessionReferenceText } from '../../../reference/session-reference/uri.js';
