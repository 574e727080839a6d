import type { SourceName } from '../../../spec/revisions.js';

/**
 * One test case of an upstream package's own suite (facts: package, file, title — written from the
 * research notes, research/upstream-sources.md §1.6, §2.4, §3.7, §4.8), and how the kit covers it:
 * by fixtures (title fragments, resolved to fixture ids when the table is generated; a fragment that
 * matches no fixture is an error), by a unit test of the kit only, or not at all, with the reason.
 */
export type Coverage = { fixtures: string[] } | { unit: string } | { cannot: string };

export interface UpstreamCase {
  source: SourceName;
  file: string;
  title: string;
  coverage: Coverage;
}

export const fx = (...fragments: string[]): Coverage => ({ fixtures: fragments });
export const unit = (where: string): Coverage => ({ unit: where });
export const cannot = (reason: string): Coverage => ({ cannot: reason });

/** A compact table of cases of one file: `[title, coverage]`. */
export function casesOf(source: SourceName, file: string, rows: Array<[string, Coverage]>): UpstreamCase[] {
  return rows.map(([title, coverage]) => ({ source, file, title, coverage }));
}
