/**
 * One JSONL line of a fixture log. An entry \`{"$rawLine": "..."}\` is written verbatim, so log fixtures
 * can hold deliberately malformed lines (reading it back, a line that does not survive a JSON round
 * trip byte for byte becomes \`{$rawLine}\` again).
 */
export function jsonlLine(entry: unknown): string {
  if (entry && typeof entry === 'object' && !Array.isArray(entry) && Object.keys(entry).length === 1 && typeof (entry as { $rawLine?: unknown }).$rawLine === 'string') {
    return (entry as { $rawLine: string }).$rawLine;
  }
  return JSON.stringify(entry);
}
