import type { CheckReport } from './report.js';
import { streamJson } from './json-stream.js';

/**
 * Exactly one JSON document (machine-readable; merge shards by concatenating `files`/`findings`),
 * streamed one file entry and one finding at a time. Log text is kept raw (JSON escapes it).
 */
export function* renderJson(report: CheckReport): Generator<string> {
  // depth 2: the report object, then its arrays; each file entry and finding is one piece.
  yield* streamJson(report, 2);
  yield '\n';
}
