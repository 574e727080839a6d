import Reference from '../../../reference/session-reference/index.js';
import { decodeSessionReferenceUri, type ParsedSessionReference } from '../../../reference/session-reference/uri.js';

export const description = 'Treats an empty mention label as missing (label || sessionId), so @[](uri) reads as @<id> instead of @.';

export default class SessionReferenceResolver extends Reference {
  protected override parseText(text: string): { text: string; references: ParsedSessionReference[] } {
    const filled = text.replace(/@\[\]\((dsh-session:[A-Za-z0-9_-]+)\)/g, (whole, uri: string) => {
      try {
        return `@[${decodeSessionReferenceUri(uri).replace(/[\\\]]/g, (c) => `\\${c}`)}](${uri})`;
      } catch {
        return whole;
      }
    });
    return super.parseText(filled);
  }
}

// The package's helper exports are unchanged in this variant (only the resolver is broken).
export { encodeSessionReferenceUri, decodeSessionReferenceUri, formatSessionReferenceMention, parseSessionReferenceText } from '../../../reference/session-reference/uri.js';
