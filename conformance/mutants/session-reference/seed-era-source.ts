import Reference from '../../../reference/session-reference/index.js';
import type { UserMessage } from '../../../reference/shared/message.js';
import { freezeMessage } from '../../../reference/shared/message.js';

export const description = 'Writes the seed-era source {kind, version, references} without form:"recall".';

export default class SessionReferenceResolver extends Reference {
  protected override place(direct: UserMessage, context: UserMessage | undefined): UserMessage[] {
    if (context === undefined) return super.place(direct, context);
    const { form: _form, ...source } = context.source as Record<string, unknown>;
    return [direct, freezeMessage({ ...context, source: source as UserMessage['source'] })];
  }
}

// The package's helper exports are unchanged in this variant (only the resolver is broken).
export { encodeSessionReferenceUri, decodeSessionReferenceUri, formatSessionReferenceMention, parseSessionReferenceText } from '../../../reference/session-reference/uri.js';
