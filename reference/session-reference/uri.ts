import { SessionReferenceError } from './config.js';

/**
 * The `dsh-session:` URI and the `@[label](uri)` mention (spec/session-reference.md, "URIs and
 * mentions").
 *
 * A URI carries the session id as base64url of the UTF-8 of its JSON string, so any JavaScript string
 * (quotes, backslashes, newlines, any Unicode) survives. Exactly one spelling is accepted per id:
 * decoding re-encodes and compares, so aliases that differ only in unused trailing bits, or that are
 * not JSON strings, are rejected rather than silently resolved to some session.
 */

export const SESSION_REFERENCE_SCHEME = 'dsh-session:';

export interface SessionReferenceInput {
  sessionId: string;
  label?: string;
}

export interface ParsedSessionReference {
  sessionId: string;
  label: string;
}

const BASE64URL_PAYLOAD = /^[A-Za-z0-9_-]+$/;

/**
 * A markdown mention (label with `\`-escapes, then any URI-ish run up to whitespace or `)`), or a
 * bare URI whose payload is base64url-shaped. Markdown mentions are decoded even when malformed, so a
 * broken explicit reference fails loudly; bare text only counts when it looks like a payload.
 */
const MENTION = /@\[((?:\\.|[^\\\]])*)\]\((dsh-session:[^\s)]*)\)|(dsh-session:[A-Za-z0-9_-]+)/gu;

export function encodeSessionReferenceUri(sessionId: string): string {
  return SESSION_REFERENCE_SCHEME + Buffer.from(JSON.stringify(sessionId), 'utf8').toString('base64url');
}

function invalidUri(uri: string, cause?: unknown): SessionReferenceError {
  return new SessionReferenceError(
    `invalid session reference URI ${JSON.stringify(uri)}`,
    'SESSION_REFERENCE_INVALID_REFERENCE',
    cause === undefined ? undefined : { cause },
  );
}

export function decodeSessionReferenceUri(uri: string): string {
  if (!uri.startsWith(SESSION_REFERENCE_SCHEME)) throw invalidUri(uri);
  const payload = uri.slice(SESSION_REFERENCE_SCHEME.length);
  if (!BASE64URL_PAYLOAD.test(payload)) throw invalidUri(uri);
  let sessionId: unknown;
  try {
    sessionId = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    if (typeof sessionId !== 'string') throw new TypeError('decoded session id is not a string');
    if (encodeSessionReferenceUri(sessionId) !== uri) throw new TypeError('URI is not canonical');
  } catch (error) {
    throw invalidUri(uri, error);
  }
  return sessionId;
}

/** Only `\` and `]` could end or corrupt a markdown label, so only they are escaped. */
function escapeLabel(label: string): string {
  return label.replace(/[\\\]]/gu, (ch) => `\\${ch}`);
}

function unescapeLabel(label: string): string {
  return label.replace(/\\(.)/gu, '$1');
}

export function formatSessionReferenceMention(reference: SessionReferenceInput): string {
  return `@[${escapeLabel(reference.label ?? reference.sessionId)}](${encodeSessionReferenceUri(reference.sessionId)})`;
}

/**
 * Replace every mention in `text` with a readable `@label` and list the references in order of
 * appearance (duplicates kept; deduplication belongs to preparation). Throws INVALID_REFERENCE on
 * the first mention that does not decode.
 */
export function parseSessionReferenceText(text: string): { text: string; references: ParsedSessionReference[] } {
  const references: ParsedSessionReference[] = [];
  const rewritten = text.replace(MENTION, (_whole, rawLabel: string | undefined, markdownUri: string | undefined, bareUri: string | undefined) => {
    const sessionId = decodeSessionReferenceUri((markdownUri ?? bareUri)!);
    const label = rawLabel === undefined ? sessionId : unescapeLabel(rawLabel);
    references.push({ sessionId, label });
    return `@${label}`;
  });
  return { text: rewritten, references };
}

/** Whether `text` still holds something the parser would treat as a mention (validator use). */
export function containsSessionMention(text: string): boolean {
  return new RegExp(MENTION.source, 'u').test(text);
}
