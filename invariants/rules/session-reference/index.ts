import type { RuleContext, RuleModule } from '../../engine.js';
import type { SessionEvent } from '../../log/types.js';
import { isRec, isSeq, rec, show, type Rec } from '../core/access.js';
import { sessionReferenceRuleMeta } from './meta.js';
import { CLOSING_TAG, PAYLOAD_PREFIX, PAYLOAD_SUFFIX, countOccurrences, hasMention, tagSafeBytes } from './payload.js';
import { defineMessages, type MessageOf } from '../../message-templates.js';

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

/** Values read from the log are their `show` rendering; `problems` are one clause per defect found. */
export const sessionReferenceMessages = defineMessages({
  'SR-SRC-1': {
    badSource: (d: { found: string }) => `expected source {kind:"session-reference", form:"recall", version:1, references:[…]} with exactly those keys, found ${d.found}`,
  },
  'SR-SRC-2': {
    referenceCount: (d: { max: number; found: number }) => `expected 1 to ${d.max} references, found ${d.found}`,
  },
  'SR-SRC-3': {
    badReference: (d: { index: number; problems: string[] }) => `reference ${d.index}: unexpected ${d.problems.join(', ')}`,
  },
  'SR-SRC-4': {
    repeatedSession: (d: { index: number; sessionId: string }) => `reference ${d.index} repeats session ${d.sessionId}`,
  },
  'SR-SELF-1': {
    selfReference: (d: { index: number; sessionId: string }) => `reference ${d.index} names this session itself (${d.sessionId})`,
  },
  'SR-STAT-1': {
    truncatedFlag: (d: { index: number; truncated: boolean; omittedMessages: number; omittedBytes: number }) =>
      `reference ${d.index}: truncated is ${d.truncated} with omittedMessages ${d.omittedMessages} and omittedBytes ${d.omittedBytes}`,
  },
  'SR-STAT-2': {
    messageCounts: (d: { index: number; retained: number; omitted: number; original: number }) =>
      `reference ${d.index}: retainedMessages ${d.retained} + omittedMessages ${d.omitted} ≠ originalMessages ${d.original}`,
  },
  'SR-TXT-1': {
    notOneTextBlock: (d: { found: string }) => `expected exactly one text block, found ${d.found}`,
    /** `closings`: closing tags found, null when the prefix or ending is already wrong. */
    badFraming: (d: { closings: number | null; textStart: string }) =>
      `expected ${d.closings === null ? 'the exact "## Referenced sessions" prefix and "\\n</referenced-sessions>" ending' : `one closing tag (found ${d.closings})`}; text starts ${d.textStart}`,
  },
  'SR-TXT-2': {
    rawLessThan: (d: { offset: number; around: string }) => `the JSON contains a raw "<" at offset ${d.offset}: ${d.around}`,
    notJson: (d: { error: string }) => `the framed text is not JSON: ${d.error}`,
    notArray: (d: { found: string }) => `expected a JSON array, found ${d.found}`,
  },
  'SR-TXT-3': {
    objectCount: (d: { objects: number; references: number }) => `the JSON has ${d.objects} object(s) for ${d.references} reference(s)`,
    badObject: (d: { index: number; problems: string[] }) => `JSON object ${d.index}: ${d.problems.join(', ')}`,
  },
  'SR-BUDGET-1': {
    overBudget: (d: { index: number; bytes: number; maxBytes: number }) => `JSON object ${d.index} takes ${d.bytes} UTF-8 bytes, over maxReferenceBytes ${d.maxBytes}`,
  },
  'SR-POS-1': {
    /** `previous`: the event before the context (type, source kind shown, seq), null when there is none. */
    notAfterCitingMessage: (d: { previous: { type: string; sourceKind: string; seq: number } | null }) =>
      `expected the citing direct user message right before the context, found ${d.previous === null ? 'nothing' : `${d.previous.type} (source kind ${d.previous.sourceKind}) at seq ${d.previous.seq}`}`,
  },
  'SR-POS-2': {
    unresolvedMention: (d: { citingSeq: number; text: string }) => `the citing message (seq ${d.citingSeq}) still contains a session mention: ${d.text}`,
  },
});

type Report = (message: MessageOf<typeof sessionReferenceMessages>, witness?: number[]) => void;

/** Source and per-reference checks. Returns the references when they are usable for payload checks. */
function checkSource(source: Rec, selfId: string | undefined, maxReferences: number, report: Report): Rec[] | undefined {
  if (!sameKeys(source, SOURCE_KEYS) || source.form !== 'recall' || source.version !== 1 || !Array.isArray(source.references)) {
    report({ rule: 'SR-SRC-1', messageId: 'badSource', data: { found: show(source, 160) } });
  }
  if (!Array.isArray(source.references)) return undefined;
  const references = source.references as unknown[];
  if (references.length < 1 || references.length > maxReferences) {
    report({ rule: 'SR-SRC-2', messageId: 'referenceCount', data: { max: maxReferences, found: references.length } });
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
      report({ rule: 'SR-SRC-3', messageId: 'badReference', data: { index, problems } });
    }
    if (ref === undefined) return;
    if (typeof ref.sessionId === 'string') {
      if (seen.has(ref.sessionId)) report({ rule: 'SR-SRC-4', messageId: 'repeatedSession', data: { index, sessionId: show(ref.sessionId) } });
      seen.add(ref.sessionId);
      if (ref.sessionId === selfId) report({ rule: 'SR-SELF-1', messageId: 'selfReference', data: { index, sessionId: show(selfId) } });
    }
    const { originalMessages: original, retainedMessages: retained, omittedMessages: omitted, omittedBytes, truncated } = ref;
    if (isCount(omitted) && isCount(omittedBytes) && typeof truncated === 'boolean' && truncated !== (omitted > 0 || omittedBytes > 0)) {
      report({ rule: 'SR-STAT-1', messageId: 'truncatedFlag', data: { index, truncated, omittedMessages: omitted, omittedBytes } });
    }
    if (isCount(original) && isCount(retained) && isCount(omitted) && retained + omitted !== original) {
      report({ rule: 'SR-STAT-2', messageId: 'messageCounts', data: { index, retained, omitted, original } });
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
    report({ rule: 'SR-TXT-1', messageId: 'notOneTextBlock', data: { found: show(content, 120) } });
    return;
  }
  const framed = text.startsWith(PAYLOAD_PREFIX) && text.endsWith(PAYLOAD_SUFFIX) && text.length >= PAYLOAD_PREFIX.length + PAYLOAD_SUFFIX.length;
  const closings = countOccurrences(text, CLOSING_TAG);
  if (!framed || closings !== 1) {
    report({ rule: 'SR-TXT-1', messageId: 'badFraming', data: { closings: framed ? closings : null, textStart: show(text.slice(0, 60)) } });
  }
  if (!framed) return;
  const json = text.slice(PAYLOAD_PREFIX.length, text.length - PAYLOAD_SUFFIX.length);
  const lt = json.indexOf('<');
  if (lt >= 0) report({ rule: 'SR-TXT-2', messageId: 'rawLessThan', data: { offset: lt, around: show(json.slice(Math.max(0, lt - 20), lt + 30)) } });
  let entries: unknown;
  try {
    entries = JSON.parse(json);
  } catch (error) {
    report({ rule: 'SR-TXT-2', messageId: 'notJson', data: { error: (error as Error).message } });
    return;
  }
  if (!Array.isArray(entries)) {
    report({ rule: 'SR-TXT-2', messageId: 'notArray', data: { found: show(entries) } });
    return;
  }
  if (maxBytes !== undefined) {
    entries.forEach((entry, index) => {
      const bytes = tagSafeBytes(entry);
      if (bytes > maxBytes) report({ rule: 'SR-BUDGET-1', messageId: 'overBudget', data: { index, bytes, maxBytes } });
    });
  }
  if (references === undefined) return;
  if (entries.length !== references.length) {
    report({ rule: 'SR-TXT-3', messageId: 'objectCount', data: { objects: entries.length, references: references.length } });
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
    if (problems.length > 0) report({ rule: 'SR-TXT-3', messageId: 'badObject', data: { index, problems } });
  });
}

function checkPosition(previousEvent: SessionEvent | null, report: Report): void {
  const previous = previousEvent === null ? null : summarise(previousEvent);
  if (previous === null || previous.type !== 'user/message' || previous.sourceKind !== 'user') {
    const found = previous === null ? null : { type: previous.type, sourceKind: show(previous.sourceKind), seq: previous.seq };
    report({ rule: 'SR-POS-1', messageId: 'notAfterCitingMessage', data: { previous: found } }, previous ? [previous.seq] : []);
    return;
  }
  const unresolved = previous.texts.find(hasMention);
  if (unresolved !== undefined) report({ rule: 'SR-POS-2', messageId: 'unresolvedMention', data: { citingSeq: previous.seq, text: show(unresolved, 120) } }, [previous.seq]);
}

/** The session-reference rule module (`<camelSource>Rules`). */
export const sessionReferenceRules: RuleModule<typeof sessionReferenceMessages> = {
  name: 'session-reference',
  source: 'session-reference',
  rules: sessionReferenceRuleMeta,
  messages: sessionReferenceMessages,
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
        // A message is already checked against the templates (MessageOf); the union is passed on as is.
        const report: Report = (m, witness) => ctx.report(m.rule, { event: located, messageId: m.messageId, data: m.data, witness } as never);
        const references = checkSource(source, selfId, maxReferences, report);
        checkPayload(data!.content, references, maxBytes, report);
        checkPosition(model.lastEvent, report);
      },
    };
  },
};
