import { posix } from 'node:path';

/**
 * Pure checks on workspace message text: the frame and the change headings. No DSH code: the strings
 * are the normative ones from spec/agent-instructions.md.
 */

const OPEN = '<system-reminder>\n';
const CLOSE_TAG = '</system-reminder>';
const CLOSE = `\n${CLOSE_TAG}`;
const NOTICE = 'Workspace instruction budget ';

export type BlockShape = { kind: 'framed'; body: string } | { kind: 'notice'; body: string } | { kind: 'invalid'; reason: string };

export function countOccurrences(text: string, needle: string): number {
  let count = 0;
  for (let at = text.indexOf(needle); at >= 0; at = text.indexOf(needle, at + needle.length)) count += 1;
  return count;
}

export function blockShape(text: string): BlockShape {
  if (text.startsWith(OPEN) && text.endsWith(CLOSE) && text.length >= OPEN.length + CLOSE.length) {
    const closes = countOccurrences(text, CLOSE_TAG);
    if (closes !== 1) return { kind: 'invalid', reason: `the frame contains ${closes} "${CLOSE_TAG}" tags (exactly one, the last, is allowed): repository text closed the frame` };
    return { kind: 'framed', body: text.slice(OPEN.length, text.length - CLOSE.length) };
  }
  if (text.startsWith(NOTICE) || (text.length > 0 && NOTICE.startsWith(text))) {
    if (text.includes(CLOSE_TAG)) return { kind: 'invalid', reason: `an unframed budget notice contains "${CLOSE_TAG}"` };
    return { kind: 'notice', body: text };
  }
  return { kind: 'invalid', reason: `expected "<system-reminder>\\n…\\n</system-reminder>" or an unframed budget notice, found ${JSON.stringify(text.slice(0, 60))}` };
}

export const escapeForBody = (value: string): string => value.replaceAll(CLOSE_TAG, '<\\/system-reminder>');

export function headingFor(action: string, path: string, inBaselineBlock: boolean): string {
  const p = escapeForBody(path);
  if (inBaselineBlock) return `Instructions from: ${p}\n\n`;
  if (action === 'set') return `Additional instructions from: ${p}\n\nThese instructions apply to work under \``;
  if (action === 'replace') return `Updated instructions from: ${p}\n\nThis file changed after it was loaded.`;
  return `Instructions removed: ${p}\n\nThe previously loaded instructions from this file no longer apply.`;
}

/**
 * Find `heading` at a section start (start of the body, or right after a blank line) at or after
 * `from`. Returns the index just past it, or -1.
 */
export function findSection(body: string, heading: string, from: number): number {
  const padded = `\n\n${body}`;
  const at = padded.indexOf(`\n\n${heading}`, from);
  return at < 0 ? -1 : at + 2 + heading.length;
}

const USER_GLOBAL_PATHS = new Set(['~/.dsh/AGENTS.md', '$DSH_HOME/AGENTS.md']);

/** The scope a path implies (POSIX display paths). */
export function scopeForPath(path: string): string {
  if (USER_GLOBAL_PATHS.has(path)) return 'user-global\u0000AGENTS.md';
  return `${posix.dirname(path)}\u0000${posix.basename(path)}`;
}
