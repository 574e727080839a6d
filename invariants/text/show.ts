/**
 * Compact rendering of a value from a log for messages: short, one line, never throws. It sits below
 * the session model, the rules and the finding data, which all name hostile values (a 10k-deep array
 * cannot go through JSON.stringify or String without overflowing the stack).
 */
export function show(value: unknown, max = 80): string {
  let text: string;
  try {
    text = value === undefined ? 'undefined' : (JSON.stringify(value) ?? String(value));
  } catch {
    // Too deep for JSON.stringify (and String() recurses just the same): name the kind of value.
    text = Array.isArray(value) ? `[array of ${value.length}]` : typeof value === 'object' && value !== null ? '{object}' : typeof value;
  }
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}
