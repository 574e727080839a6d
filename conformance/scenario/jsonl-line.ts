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

/**
 * The one canonical in-memory form of a fixture log line: a raw line that is valid JSON and survives
 * a round trip byte for byte is just that value. Reading a fixture back gives this form, so ids
 * (hashes of content) are the same before and after a trip through disk.
 */
export function canonicalLogEntry(entry: unknown): unknown {
  if (entry && typeof entry === 'object' && !Array.isArray(entry) && Object.keys(entry).length === 1 && typeof (entry as { $rawLine?: unknown }).$rawLine === 'string') {
    const text = (entry as { $rawLine: string }).$rawLine;
    try {
      const value = JSON.parse(text) as unknown;
      if (JSON.stringify(value) === text) return value;
    } catch {
      // not JSON: stays raw
    }
  }
  return entry;
}
