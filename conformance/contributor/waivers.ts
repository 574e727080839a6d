import { contributorRules, type ContributorRuleId } from '../../invariants/rules/contributor/catalog.js';
import type { SourceName } from '../../spec/revisions.js';

/**
 * Waivers of contributor rules. An official source's waivers are written in that source's spec (the
 * sentence quoted here is the one a test finds there); a third-party plugin gets one only by asking on
 * the command line (`--waive CTX-APPEND-2`), and the report says which it used.
 */
export interface Waiver {
  rule: ContributorRuleId;
  origin: 'spec' | 'command line';
  /** Where the waiver is written (a spec document) or `--waive`. */
  where: string;
  reason: string;
}

export const SOURCE_WAIVERS: Record<SourceName, readonly Waiver[]> = {
  'time-context': [
    { rule: 'CTX-CONTAIN-1', origin: 'spec', where: 'spec/time-context.md', reason: 'a browser time zone that is not canonical fails the turn (the reading would be wrong)' },
  ],
  'tmux-context': [
    { rule: 'CTX-APPEND-3', origin: 'spec', where: 'spec/tmux-context.md', reason: 'the pane reading is inserted before the decision messages' },
  ],
  'agent-instructions': [
    { rule: 'CTX-APPEND-3', origin: 'spec', where: 'spec/agent-instructions.md', reason: 'instructions go right after the last claimed message, before what other listeners added' },
  ],
  'session-reference': [
    { rule: 'CTX-APPEND-2', origin: 'spec', where: 'spec/session-reference.md', reason: 'the citing message is rewritten (mentions become readable @label text)' },
    { rule: 'CTX-APPEND-3', origin: 'spec', where: 'spec/session-reference.md', reason: 'each snapshot goes right after the message that cites it' },
    { rule: 'CTX-CONTAIN-1', origin: 'spec', where: 'spec/session-reference.md', reason: 'an unresolvable reference (itself, too many, a failed read, cancellation) fails the turn with a SessionReferenceError' },
  ],
};

/** Parse `--waive` values (repeatable, comma-separated); unknown ids are a usage error (returned as text). */
export function parseWaivers(values: readonly string[]): { waivers: Waiver[] } | { error: string } {
  const waivers: Waiver[] = [];
  for (const raw of values.flatMap((v) => v.split(',')).map((v) => v.trim()).filter(Boolean)) {
    if (!(raw in contributorRules)) return { error: `--waive names no contributor rule: ${JSON.stringify(raw)} (rules: ${Object.keys(contributorRules).join(', ')})` };
    const rule = raw as ContributorRuleId;
    if (contributorRules[rule].severity !== 'error') return { error: `--waive ${rule}: only error rules can be waived (${rule} is ${contributorRules[rule].severity})` };
    if (!waivers.some((w) => w.rule === rule)) waivers.push({ rule, origin: 'command line', where: '--waive', reason: 'the plugin author opted out on the command line' });
  }
  return { waivers };
}

/** An official source's spec waivers plus command-line ones (a source cannot waive more on the CLI silently: it is shown). */
export function waiversFor(source: SourceName | 'contributor', cli: readonly Waiver[]): Waiver[] {
  const fromSpec = source === 'contributor' ? [] : SOURCE_WAIVERS[source];
  return [...fromSpec, ...cli.filter((w) => !fromSpec.some((s) => s.rule === w.rule))];
}
