import Reference, { SessionReferenceError } from '../../../reference/session-reference/index.js';
import type { ParsedSessionReference } from '../../../reference/session-reference/uri.js';

export const description = 'Decodes dsh-session: URIs without the canonical re-encoding check, so aliases resolve to a session.';

const MENTION = /@\[((?:\\.|[^\\\]])*)\]\((dsh-session:[^\s)]*)\)|(dsh-session:[A-Za-z0-9_-]+)/gu;

function lenientDecode(uri: string): string {
  const payload = uri.slice('dsh-session:'.length);
  try {
    if (!/^[A-Za-z0-9_-]+$/.test(payload)) throw new TypeError('not base64url');
    const id: unknown = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    if (typeof id !== 'string') throw new TypeError('not a string');
    return id;
  } catch (cause) {
    throw new SessionReferenceError(`invalid session reference URI ${JSON.stringify(uri)}`, 'SESSION_REFERENCE_INVALID_REFERENCE', { cause });
  }
}

export default class SessionReferenceResolver extends Reference {
  protected override parseText(text: string): { text: string; references: ParsedSessionReference[] } {
    const references: ParsedSessionReference[] = [];
    const rewritten = text.replace(MENTION, (_m, rawLabel: string | undefined, markdown: string | undefined, bare: string | undefined) => {
      const sessionId = lenientDecode((markdown ?? bare)!);
      const label = rawLabel === undefined ? sessionId : rawLabel.replace(/\\(.)/gu, '$1');
      references.push({ sessionId, label });
      return `@${label}`;
    });
    return { text: rewritten, references };
  }
}

// The package's helper exports are unchanged in this variant (only the resolver is broken).
export { encodeSessionReferenceUri, decodeSessionReferenceUri, formatSessionReferenceMention, parseSessionReferenceText } from '../../../reference/session-reference/uri.js';
