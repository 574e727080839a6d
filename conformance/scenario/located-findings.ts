import type { ExpectedFinding } from './schema.js';

/**
 * Located expectations of log fixtures: a finding is judged by its rule id *and* its place, the seq of
 * the event it is about or, when it names no event, its line (typescript-eslint RuleTester's
 * `{messageId, line}`). A validator that reports the right rule at the wrong event fails.
 */

/** What the validator reported, as plain data. */
export interface ReportedFinding {
  rule: string;
  seq: number | null;
  line: number | null;
}

export function locate(f: ReportedFinding): ExpectedFinding {
  return f.seq !== null ? { rule: f.rule, seq: f.seq } : { rule: f.rule, line: f.line };
}

const place = (f: ExpectedFinding): number => ('seq' in f ? f.seq : (f.line ?? -1));

/** The canonical order: by rule id, then seqs before lines, then by place. */
export function sortFindings(list: readonly ExpectedFinding[]): ExpectedFinding[] {
  return [...list].sort((a, b) => (a.rule < b.rule ? -1 : a.rule > b.rule ? 1 : 0) || Number('line' in a) - Number('line' in b) || place(a) - place(b));
}

export function describeFinding(f: ExpectedFinding): string {
  return 'seq' in f ? `${f.rule} at seq ${f.seq}` : f.line === null ? `${f.rule} (whole file)` : `${f.rule} at line ${f.line}`;
}

/**
 * Resolve an author's draft list against the validator's report: located entries stay as written;
 * bare rule ids take the place of a reported finding of that rule not claimed by a located entry.
 * Returns undefined when a bare rule id has no report to take its place from, or a report of a rule
 * given as a bare id is left over (the multiset of ids differs); the caller reports it.
 */
export function pinLocations(draft: ReadonlyArray<string | ExpectedFinding>, reported: readonly ExpectedFinding[]): ExpectedFinding[] | undefined {
  const remaining = [...reported];
  const take = (match: (f: ExpectedFinding) => boolean): ExpectedFinding | undefined => {
    const i = remaining.findIndex(match);
    return i < 0 ? undefined : remaining.splice(i, 1)[0];
  };
  const out: ExpectedFinding[] = [];
  for (const entry of draft.filter((d): d is ExpectedFinding => typeof d !== 'string')) {
    out.push(take((f) => describeFinding(f) === describeFinding(entry)) ?? entry);
  }
  for (const rule of draft.filter((d): d is string => typeof d === 'string')) {
    const found = take((f) => f.rule === rule);
    if (found === undefined) return undefined;
    out.push(found);
  }
  // Located entries that match nothing, and reports nothing claimed, are left for findingsDifference.
  return remaining.some((f) => draft.includes(f.rule)) ? undefined : sortFindings(out);
}

/** The first difference between two sorted located lists, as a sentence, or undefined when equal. */
export function findingsDifference(expected: readonly ExpectedFinding[], actual: readonly ExpectedFinding[]): string | undefined {
  const key = (f: ExpectedFinding) => describeFinding(f);
  const missing = expected.map(key).filter((k, i, all) => actual.map(key).filter((a) => a === k).length < all.slice(0, i + 1).filter((x) => x === k).length);
  const extra = actual.map(key).filter((k, i, all) => expected.map(key).filter((e) => e === k).length < all.slice(0, i + 1).filter((x) => x === k).length);
  if (missing.length === 0 && extra.length === 0) return undefined;
  return [missing.length ? `expected but not reported: ${missing.join(', ')}` : '', extra.length ? `reported but not expected: ${extra.join(', ')}` : ''].filter(Boolean).join('; ');
}
