import { isDeepStrictEqual } from 'node:util';
import { renderReason } from './messages.js';
import { VerdictReason } from './reasons.js';

/**
 * What is wrong with a verdict's reason, if anything (an empty list when nothing): it must be one of
 * the closed set, its `message` must be exactly the reason rendered, and the reason must survive the
 * JSON report (stringify, parse, validate) unchanged and render to the same text. The tests that run
 * the bundled references, the upstream packages and the mutants call this on every verdict they get.
 */
export function reasonProblems(verdict: { message: string; reason?: unknown }, label = 'verdict'): string[] {
  if (verdict.reason === undefined) return [`${label}: no reason`];
  const parsed = VerdictReason.safeParse(verdict.reason);
  if (!parsed.success) return [`${label}: reason is not in the set: ${parsed.error.issues[0]?.message} (${JSON.stringify(verdict.reason).slice(0, 200)})`];
  const problems: string[] = [];
  const text = renderReason(parsed.data);
  if (text !== verdict.message) problems.push(`${label}: message ${JSON.stringify(verdict.message.slice(0, 200))} is not its reason rendered ${JSON.stringify(text.slice(0, 200))}`);
  const back = VerdictReason.safeParse(JSON.parse(JSON.stringify(verdict.reason)));
  if (!back.success) problems.push(`${label}: reason does not read back from JSON: ${back.error.issues[0]?.message}`);
  else {
    if (!isDeepStrictEqual(back.data, verdict.reason)) problems.push(`${label}: reason changes through JSON: ${JSON.stringify(verdict.reason).slice(0, 200)}`);
    if (renderReason(back.data) !== text) problems.push(`${label}: reason renders differently after JSON`);
  }
  return problems;
}
