/**
 * Text that came from a plugin or a log, made safe for the place it is printed. One module so that
 * every reporter (check's and run's) escapes the same characters the same way.
 *
 * - `terminalSafe`: for a terminal. C0 and C1 control characters (which start ANSI CSI/OSC sequences,
 *   move the cursor, ring the bell, set the title) become visible escapes such as `\x1b`; bidi controls
 *   (which can reorder what a reader sees, "Trojan Source") become `\u202e`-style escapes; a BOM or other
 *   invisible format characters are named the same way. Tab and newline are kept only when `multiline`.
 * - `xmlSafe`: for XML 1.0 attribute and text content (JUnit, SARIF-in-XML consumers): markup escaped,
 *   characters XML 1.0 cannot carry at all written as a visible escape rather than dropped.
 */

// C0 controls except \t and \n, DEL, and C1 controls.
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g;
const CONTROL_WITH_LAYOUT = /[\u0000-\u001f\u007f-\u009f]/g;
// Bidi embeddings/overrides/isolates and marks, zero-width characters, BOM, line/paragraph separators.
const INVISIBLE = /[\u061c\u200b-\u200f\u2028-\u202e\u2060-\u2069\ufeff]/g;
// Lone surrogates cannot be printed faithfully either.
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

function hex(c: string): string {
  const code = c.charCodeAt(0);
  return code <= 0xff ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16).padStart(4, '0')}`;
}

export interface TerminalSafeOptions {
  /** Keep `\n` and `\t` as they are (for multi-line snippets); otherwise they are escaped too. */
  multiline?: boolean;
}

export function terminalSafe(text: string, options: TerminalSafeOptions = {}): string {
  const control = options.multiline ? CONTROL : CONTROL_WITH_LAYOUT;
  return text.replace(control, hex).replace(INVISIBLE, hex).replace(LONE_SURROGATE, hex);
}

const XML_MARKUP: Record<string, string> = { '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' };
// What XML 1.0 cannot carry even as a character reference.
const XML_FORBIDDEN = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g;

export function xmlSafe(text: string): string {
  return text
    .replace(/[<>&"']/g, (c) => XML_MARKUP[c]!)
    .replace(XML_FORBIDDEN, hex)
    .replace(LONE_SURROGATE, hex);
}
