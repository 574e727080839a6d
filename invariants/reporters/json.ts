import type { CheckReport } from './report.js';

/** Exactly one JSON document (machine-readable; merge shards by concatenating `files`/`findings`). */
export function renderJson(report: CheckReport): string {
  return `${JSON.stringify(report, null, 2)}\n`;
}
