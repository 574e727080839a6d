import { LogChecker, defaultCheckOptions } from '../../invariants/engine.js';
import { DIRECT_USER_KINDS, type ContributorRuleId } from '../../invariants/rules/contributor/catalog.js';
import { contributorLogRules } from '../../invariants/rules/contributor/index.js';
import { canonicalJson } from '../scenario/normalise.js';
import { batchView, describeDecision, messageText, sameJson, type Message } from './decision.js';
import type { TracedActual } from './executor.js';
import { finding, type ContributorFinding } from './findings.js';
import type { PreStepRecord } from './trace.js';

/**
 * The contributor rules a single run decides (everything but restart-equivalence, which compares runs:
 * replay.ts). Pure: a traced run in, findings out. Plugin texts in messages are raw here; reporters
 * make them terminal-safe.
 */

export interface JudgeContext {
  /** The plugin's declared name (CTX-SOURCE-3). */
  pluginName?: string;
}

const at = (r: PreStepRecord) => `at turn ${r.turn}, step ${r.step}`;

/** The rules about one pre-step's decision. */
export function judgeRecord(record: PreStepRecord, ctx: JudgeContext): ContributorFinding[] {
  const out: ContributorFinding[] = [];
  const where = { turn: record.turn, step: record.step };
  const add = (rule: ContributorRuleId, message: string) => out.push(finding(rule, message, where));
  const { downstream, returned } = record;
  if (downstream === null) {
    if (!record.abortedOnEntry) add('CTX-APPEND-1', `${at(record)} the plugin never called next(): the downstream listeners did not run and their batch was dropped`);
    return out;
  }
  if (record.abortedOnEntry || record.abortedAfterNext) {
    if (downstream.kind === 'threw') return out;
    const when = record.abortedOnEntry ? 'already aborted when the listener ran' : 'aborted by the time the downstream decision arrived';
    if (returned.kind === 'threw') add('CTX-ABORT-2', `${at(record)} the signal was ${when} and the plugin threw ${returned.name} ("${returned.message}") instead of returning the decision`);
    else if (!sameJson(returned, downstream)) add('CTX-ABORT-1', `${at(record)} the signal was ${when} and the plugin ${describeDecision(record)} instead of returning the decision unchanged`);
    return out;
  }
  if (downstream.kind === 'threw') {
    if (returned.kind !== 'threw') add('CTX-CONTAIN-2', `${at(record)} the downstream listener threw ${downstream.name} ("${downstream.message}") and the plugin swallowed it: ${describeDecision(record)}`);
    return out;
  }
  if (downstream.kind === 'reject') {
    if (returned.kind !== 'reject') add('CTX-REJECT-1', `${at(record)} the downstream rejected the step and the plugin ${returned.kind === 'enter' ? `turned it into an enter (${describeDecision(record)})` : describeDecision(record)}`);
    return out;
  }
  if (returned.kind === 'threw' || returned.kind === 'invalid') {
    const failure = returned.kind === 'threw' ? `${returned.name}: ${returned.message}` : `an invalid decision (${returned.value})`;
    const cause = record.serviceFailures.length ? ` after ${record.serviceFailures.join('; ')}` : '';
    add('CTX-CONTAIN-1', `${at(record)} the turn failed with ${failure}${cause}; a contributor must contain the failure and return the decision`);
    return out;
  }
  if (returned.kind !== 'enter' || downstream.kind !== 'enter') return out;
  const view = batchView(record);
  // CTX-APPEND-1: every downstream message, in order.
  const seen = view.origin.filter((o) => o >= 0);
  const missing = view.downstream.map((_, i) => i).filter((i) => !seen.includes(i));
  if (missing.length) add('CTX-APPEND-1', `${at(record)} downstream message${missing.length > 1 ? 's' : ''} ${missing.map((i) => `#${i + 1} (${JSON.stringify(messageText(view.downstream[i]).slice(0, 40))})`).join(', ')} did not come back`);
  else if (seen.some((o, i) => i > 0 && o <= seen[i - 1])) add('CTX-APPEND-1', `${at(record)} the downstream messages came back reordered or repeated (${seen.map((o) => `#${o + 1}`).join(', ')})`);
  // CTX-APPEND-2 / CTX-SOURCE-2: downstream messages unchanged; context pasted into a user's message.
  view.returned.forEach((m, i) => {
    const from = view.origin[i];
    if (from < 0) return;
    const original = view.downstream[from];
    if (sameJson(m, original)) return;
    const before = messageText(original);
    const after = messageText(m);
    add('CTX-APPEND-2', `${at(record)} downstream message #${from + 1} was changed: ${JSON.stringify(before.slice(0, 40))} came back as ${JSON.stringify(after.slice(0, 60))}${sameJson(m.source, original.source) ? '' : ` with source ${canonicalJson(m.source)}`}`);
    const kind = (original.source as { kind?: unknown } | undefined)?.kind;
    if (typeof kind === 'string' && DIRECT_USER_KINDS.has(kind) && after.length > before.length && after.includes(before)) {
      add('CTX-SOURCE-2', `${at(record)} context was pasted into the user's own message (source kind "${kind}"): it now reads ${JSON.stringify(after.slice(0, 60))} and cannot be told apart from what the user typed`);
    }
  });
  if (record.mutatedSeqs.length) add('CTX-APPEND-2', `${at(record)} the plugin changed durable events it did not create (seq ${record.mutatedSeqs.join(', ')})`);
  // CTX-APPEND-3: added messages after every downstream message.
  const lastDownstream = Math.max(-1, ...view.origin.map((o, i) => (o >= 0 ? i : -1)));
  const early = view.added.filter((a) => a.index < lastDownstream);
  if (early.length) add('CTX-APPEND-3', `${at(record)} the plugin placed ${early.length} message${early.length > 1 ? 's' : ''} before downstream messages (at position${early.length > 1 ? 's' : ''} ${early.map((a) => a.index + 1).join(', ')} of ${view.returned.length}); the family appends context after the batch`);
  for (const { message } of view.added) out.push(...judgeSource(message, record, ctx));
  return out;
}

function judgeSource(message: Message, record: PreStepRecord, ctx: JudgeContext): ContributorFinding[] {
  const out: ContributorFinding[] = [];
  const where = { turn: record.turn, step: record.step };
  const text = JSON.stringify(messageText(message).slice(0, 40));
  const source = message?.source as Record<string, unknown> | undefined;
  if (!source || typeof source !== 'object' || typeof source.kind !== 'string' || source.kind === '') {
    out.push(finding('CTX-SOURCE-1', `${at(record)} the plugin added ${text} with source ${source === undefined ? 'missing' : canonicalJson(source)}`, where));
  } else if (DIRECT_USER_KINDS.has(source.kind)) {
    out.push(finding('CTX-SOURCE-2', `${at(record)} the plugin added ${text} with the direct-user source ${canonicalJson(source)}: it reads as if the user typed it`, where));
  } else if (source.kind === 'plugin' && (typeof source.plugin !== 'string' || source.plugin === '' || (ctx.pluginName !== undefined && source.plugin !== ctx.pluginName))) {
    out.push(finding('CTX-SOURCE-3', `${at(record)} the plugin added ${text} with source plugin ${JSON.stringify(source.plugin)}; expected its own name ${JSON.stringify(ctx.pluginName ?? '(a non-empty string)')}`, where));
  }
  const lossy = (message as { $lossy?: string[] }).$lossy;
  if (lossy?.length) out.push(finding('CTX-SOURCE-4', `${at(record)} the message ${text} does not survive JSON: ${lossy.join(', ')}`, where));
  return out;
}

/** Seqs of the user/message events that carry messages the plugin added (not other producers'). */
function ownSeqs(actual: TracedActual): Set<number> {
  const ids = new Set<string>();
  for (const r of actual.trace.preSteps) for (const a of batchView(r).added) if (typeof a.message.id === 'string') ids.add(a.message.id);
  return new Set(actual.rawLog.filter((e) => e.type === 'user/message' && ids.has((e.data as { id?: string })?.id ?? '')).map((e) => e.seq));
}

/** The log-decidable rules (the same module `check` runs) over the plugin's own messages in the log the run produced. */
export function judgeLog(actual: TracedActual, initialLength: number): ContributorFinding[] {
  const checker = new LogChecker('(generated session)', [contributorLogRules], defaultCheckOptions());
  checker.header(actual.header, { file: '(generated session)', line: 1, byteOffset: 0 });
  actual.rawLog.forEach((event, i) => checker.event({ event, loc: { file: '(generated session)', line: i + 2, byteOffset: 0 } }));
  const own = ownSeqs(actual);
  return checker
    .end()
    .filter((f) => f.seq !== null && f.seq >= initialLength && own.has(f.seq))
    .map((f) => ({ rule: f.rule as ContributorRuleId, severity: f.severity, message: `seq ${f.seq}: ${f.message}`, seq: f.seq! }));
}

/**
 * CTX-COMPACT-1 (info): for every message the plugin added that a compaction later hid, whether the
 * plugin sent the same content again after that compaction.
 */
export function judgeCompaction(actual: TracedActual): ContributorFinding[] {
  const seqs = ownSeqs(actual);
  const own = actual.rawLog.filter((e) => seqs.has(e.seq));
  const out: ContributorFinding[] = [];
  for (const e of actual.rawLog) {
    if (e.type !== 'compaction/summary') continue;
    const hidden = new Set<number>(((e.data as { shadowedSeqs?: number[] })?.shadowedSeqs ?? []).filter((s) => typeof s === 'number'));
    for (const m of own) {
      if (!hidden.has(m.seq)) continue;
      const content = canonicalJson((m.data as { content?: unknown }).content);
      const again = own.find((o) => o.seq > e.seq && canonicalJson((o.data as { content?: unknown }).content) === content);
      const text = JSON.stringify(messageText(m.data as Message).slice(0, 40));
      out.push(finding('CTX-COMPACT-1', again ? `context ${text} (seq ${m.seq}) hidden by the compaction at seq ${e.seq} was sent again at seq ${again.seq}` : `context ${text} (seq ${m.seq}) hidden by the compaction at seq ${e.seq} was not sent again in the rest of the session`, { seq: m.seq }));
    }
  }
  return out;
}

/** CTX-HOST-1 (info): what the plugin asked for that the host does not offer. */
export function judgeHost(actual: TracedActual): ContributorFinding[] {
  return actual.trace.missingServices.length ? [finding('CTX-HOST-1', `the plugin asked for ${actual.trace.missingServices.map((s) => JSON.stringify(s)).join(', ')}, which the simulated host does not offer`)] : [];
}

/** Every single-run rule over one traced run. */
export function judgeRun(actual: TracedActual, initialLength: number, ctx: JudgeContext): ContributorFinding[] {
  return [...actual.trace.preSteps.flatMap((r) => judgeRecord(r, ctx)), ...judgeLog(actual, initialLength), ...judgeCompaction(actual), ...judgeHost(actual)];
}
