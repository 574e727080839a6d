import type { RuleContext, RuleModule } from '../../engine.js';
import type { SessionEvent } from '../../log/types.js';
import { isRec, isSeq, rec, show, type Rec } from '../core/access.js';
import { sessionReferenceRuleMeta, type SessionReferenceRuleId } from './meta.js';
import { CLOSING_TAG, PAYLOAD_PREFIX, PAYLOAD_SUFFIX, countOccurrences, hasMention, tagSafeBytes } from './payload.js';

export { sessionReferenceRuleMeta } from './meta.js';

const SOURCE_KEYS = ['kind', 'form', 'version', 'references'];
const REFERENCE_KEYS = ['sessionId', 'label', 'capturedThroughSeq', 'compacted', 'originalMessages', 'retainedMessages', 'omittedMessages', 'omittedBytes', 'truncated', 'inputIndex'];
const COUNT_KEYS = ['originalMessages', 'retainedMessages', 'omittedMessages', 'omittedBytes'];
const ENTRY_KEYS = ['sessionId', 'label', 'cwd', 'capturedThroughSeq', 'conversation'];
const MAX_REFERENCES = 3;
const USER_MESSAGE: ReadonlySet<string> = new Set(['user/message']);

const sameKeys = (value: Rec, keys: readonly string[]): boolean => {
  const own = Object.keys(value);
  return own.length === keys.length && keys.every((k) => Object.hasOwn(value, k));
};
const isCount = (v: unknown): v is number => isSeq(v);

/** What the position rules need to remember about the event before the one under inspection. */
interface Previous {
  seq: number;
  type: string;
  sourceKind: unknown;
  texts: string[];
}

function summarise(event: SessionEvent): Previous {
  const data = rec(event.data);
  const content = Array.isArray(data?.content) ? data!.content : [];
  const texts = content.flatMap((b) => (isRec(b) && b.type === 'text' && typeof b.text === 'string' ? [b.text] : []));
  return { seq: event.seq, type: event.type, sourceKind: rec(data?.source)?.kind, texts: event.type === 'user/message' ? texts : [] };
}

type Report = (rule: SessionReferenceRuleId, message: string, witness?: number[]) => void;

/** Source and per-reference checks. Returns the references when they are usable for payload checks. */
function checkSource(source: Rec, selfId: string | undefined, maxReferences: number, report: Report): Rec[] | undefined {
  if (!sameKeys(source, SOURCE_KEYS) || source.form !== 'recall' || source.version !== 1 || !Array.isArray(source.references)) {
    report('SR-SRC-1', `expected source {kind:"session-reference", form:"recall", version:1, references:[…]} with exactly those keys, found ${show(source, 160)}`);
  }
  if (!Array.isArray(source.references)) return undefined;
  const references = source.references as unknown[];
  if (references.length < 1 || references.length > maxReferences) {
    report('SR-SRC-2', `expected 1 to ${maxReferences} references, found ${references.length}`);
  }
  const seen = new Set<string>();
  let usable = true;
  references.forEach((entry, index) => {
    const ref = rec(entry);
    const problems: string[] = [];
    if (ref === undefined) problems.push('not an object');
    else {
      if (!sameKeys(ref, REFERENCE_KEYS)) problems.push(`keys ${show(Object.keys(ref), 200)}`);
      if (typeof ref.sessionId !== 'string') problems.push(`sessionId ${show(ref.sessionId)}`);
      if (typeof ref.label !== 'string') problems.push(`label ${show(ref.label)}`);
      if (ref.capturedThroughSeq !== null && !isSeq(ref.capturedThroughSeq)) problems.push(`capturedThroughSeq ${show(ref.capturedThroughSeq)}`);
      for (const key of ['compacted', 'truncated']) if (typeof ref[key] !== 'boolean') problems.push(`${key} ${show(ref[key])}`);
      for (const key of COUNT_KEYS) if (!isCount(ref[key])) problems.push(`${key} ${show(ref[key])}`);
      if (ref.inputIndex !== index) problems.push(`inputIndex ${show(ref.inputIndex)} at position ${index}`);
    }
    if (problems.length > 0) {
      usable = false;
      report('SR-SRC-3', `reference ${index}: unexpected ${problems.join(', ')}`);
    }
    if (ref === undefined) return;
    if (typeof ref.sessionId === 'string') {
      if (seen.has(ref.sessionId)) report('SR-SRC-4', `reference ${index} repeats session ${show(ref.sessionId)}`);
      seen.add(ref.sessionId);
      if (ref.sessionId === selfId) report('SR-SELF-1', `reference ${index} names this session itself (${show(selfId)})`);
    }
    const { originalMessages: original, retainedMessages: retained, omittedMessages: omitted, omittedBytes, truncated } = ref;
    if (isCount(omitted) && isCount(omittedBytes) && typeof truncated === 'boolean' && truncated !== (omitted > 0 || omittedBytes > 0)) {
      report('SR-STAT-1', `reference ${index}: truncated is ${truncated} with omittedMessages ${omitted} and omittedBytes ${omittedBytes}`);
    }
    if (isCount(original) && isCount(retained) && isCount(omitted) && retained + omitted !== original) {
      report('SR-STAT-2', `reference ${index}: retainedMessages ${retained} + omittedMessages ${omitted} ≠ originalMessages ${original}`);
    }
  });
  return usable ? (references as Rec[]) : undefined;
}

/** Framing, tag safety, agreement with the source, budget. */
function checkPayload(content: unknown, references: Rec[] | undefined, maxBytes: number | undefined, report: Report): void {
  const blocks = Array.isArray(content) ? content : [];
  const block = rec(blocks[0]);
  const text = blocks.length === 1 && block?.type === 'text' && typeof block.text === 'string' ? block.text : undefined;
  if (text === undefined) {
    report('SR-TXT-1', `expected exactly one text block, found ${show(content, 120)}`);
    return;
  }
  const framed = text.startsWith(PAYLOAD_PREFIX) && text.endsWith(PAYLOAD_SUFFIX) && text.length >= PAYLOAD_PREFIX.length + PAYLOAD_SUFFIX.length;
  const closings = countOccurrences(text, CLOSING_TAG);
  if (!framed || closings !== 1) {
    const why = !framed ? 'the exact "## Referenced sessions" prefix and "\\n</referenced-sessions>" ending' : `one closing tag (found ${closings})`;
    report('SR-TXT-1', `expected ${why}; text starts ${show(text.slice(0, 60))}`);
  }
  if (!framed) return;
  const json = text.slice(PAYLOAD_PREFIX.length, text.length - PAYLOAD_SUFFIX.length);
  const lt = json.indexOf('<');
  if (lt >= 0) report('SR-TXT-2', `the JSON contains a raw "<" at offset ${lt}: ${show(json.slice(Math.max(0, lt - 20), lt + 30))}`);
  let entries: unknown;
  try {
    entries = JSON.parse(json);
  } catch (error) {
    report('SR-TXT-2', `the framed text is not JSON: ${(error as Error).message}`);
    return;
  }
  if (!Array.isArray(entries)) {
    report('SR-TXT-2', `expected a JSON array, found ${show(entries)}`);
    return;
  }
  if (maxBytes !== undefined) {
    entries.forEach((entry, index) => {
      const bytes = tagSafeBytes(entry);
      if (bytes > maxBytes) report('SR-BUDGET-1', `JSON object ${index} takes ${bytes} UTF-8 bytes, over maxReferenceBytes ${maxBytes}`);
    });
  }
  if (references === undefined) return;
  if (entries.length !== references.length) {
    report('SR-TXT-3', `the JSON has ${entries.length} object(s) for ${references.length} reference(s)`);
    return;
  }
  entries.forEach((value, index) => {
    const entry = rec(value);
    const ref = references[index];
    const problems: string[] = [];
    if (entry === undefined) problems.push(`object ${show(value)}`);
    else {
      if (!sameKeys(entry, ENTRY_KEYS)) problems.push(`keys ${show(Object.keys(entry), 200)}`);
      for (const key of ['sessionId', 'label', 'capturedThroughSeq']) if (entry[key] !== ref[key]) problems.push(`${key} ${show(entry[key])} (source says ${show(ref[key])})`);
      const length = Array.isArray(entry.conversation) ? entry.conversation.length : undefined;
      if (length !== ref.retainedMessages) problems.push(`conversation of ${length ?? show(entry.conversation)} item(s) (source says retainedMessages ${ref.retainedMessages})`);
    }
    if (problems.length > 0) report('SR-TXT-3', `JSON object ${index}: ${problems.join(', ')}`);
  });
}

function checkPosition(previousEvent: SessionEvent | null, report: Report): void {
  const previous = previousEvent === null ? null : summarise(previousEvent);
  if (previous === null || previous.type !== 'user/message' || previous.sourceKind !== 'user') {
    const found = previous === null ? 'nothing' : `${previous.type} (source kind ${show(previous.sourceKind)}) at seq ${previous.seq}`;
    report('SR-POS-1', `expected the citing direct user message right before the context, found ${found}`, previous ? [previous.seq] : []);
    return;
  }
  const unresolved = previous.texts.find(hasMention);
  if (unresolved !== undefined) report('SR-POS-2', `the citing message (seq ${previous.seq}) still contains a session mention: ${show(unresolved, 120)}`, [previous.seq]);
}

/** The session-reference rule module (`<camelSource>Rules`). */
export const sessionReferenceRules: RuleModule = {
  name: 'session-reference',
  source: 'session-reference',
  rules: sessionReferenceRuleMeta,
  create(ctx: RuleContext) {
    const config = ctx.options.configs['session-reference'];
    const maxReferences = Math.min(MAX_REFERENCES, typeof config?.maxReferences === 'number' ? config.maxReferences : MAX_REFERENCES);
    const maxBytes = typeof config?.maxReferenceBytes === 'number' ? config.maxReferenceBytes : undefined;
    let selfId: string | undefined;
    return {
      // Only user/messages are judged; the position rules need the event before, which the model
      // keeps (so the bulk of the log never reaches this module).
      eventTypes: USER_MESSAGE,
      onHeader(header) {
        selfId = typeof header.id === 'string' ? header.id : undefined;
      },
      onEvent(located, model) {
        const data = rec(located.event.data);
        const source = rec(data?.source);
        if (located.event.type !== 'user/message' || source?.kind !== 'session-reference') return;
        const report: Report = (rule, message, witness) => ctx.report(rule, { event: located, message, witness });
        const references = checkSource(source, selfId, maxReferences, report);
        checkPayload(data!.content, references, maxBytes, report);
        checkPosition(model.lastEvent, report);
      },
    };
  },
};
