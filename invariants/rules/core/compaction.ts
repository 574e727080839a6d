import type { RuleMeta, RuleModule } from '../../engine.js';
import type { LocatedEvent } from '../../log/types.js';
import { defineMessages } from '../../message-templates.js';
import { isSafeInt, isSeq, nonEmptyString, rec, show } from './access.js';

const doc = 'spec/log.md';

/**
 * Compaction brackets (`@deepseek-ai/dsh-compaction/invariant`, plus the write sequence of
 * `compactSurfaceRegion`): start → summary → checkpoint user/message (a surface replacement with source
 * {kind:'plugin', plugin:'compact', compactionId}) → end, owned by the open turn or standalone between
 * turns, never crossing a turn boundary. LOG-CMP-1..6 are upstream's checks; LOG-CMP-7..9 are the
 * producer's sequence, which upstream does not enforce.
 */
export const compactionRules = {
  'LOG-CMP-1': {
    severity: 'error',
    title: 'Compaction ids are non-empty strings',
    must: 'compactionId on compaction/start, compaction/summary, compaction/end and on a checkpoint source MUST be a non-empty string, and sourceCommandId, when present, MUST be a non-empty string.',
    doc,
  },
  'LOG-CMP-2': {
    severity: 'error',
    title: 'compaction/start opens one bracket for its owner',
    must: 'A compaction/start MUST NOT occur while another compaction is open; its `turn` MUST equal the open turn, or be null only when no turn is open.',
    doc,
  },
  'LOG-CMP-3': {
    severity: 'error',
    title: 'compaction/summary belongs to the open bracket',
    must: 'A compaction/summary MUST match the open compaction\'s compactionId and sourceCommandId, occur at most once per bracket while its owner is still open, have non-empty shadowedSeqs whose first and last entries equal shadowedRange.start and .end, and a non-negative safe-integer shadowedTokenCount.',
    doc,
  },
  'LOG-CMP-4': {
    severity: 'error',
    title: 'Checkpoints belong to the open bracket',
    must: 'A replacement user/message whose source is {kind:"plugin", plugin:"compact"} MUST occur inside an open compaction and carry its compactionId and sourceCommandId.',
    doc,
  },
  'LOG-CMP-5': {
    severity: 'error',
    title: 'compaction/end closes the open bracket',
    must: 'A compaction/end MUST match the open compaction\'s compactionId, sourceCommandId and owner turn, occur while that owner is open, and, unless it carries an `error`, follow the bracket\'s compaction/summary.',
    doc,
  },
  'LOG-CMP-6': {
    severity: 'error',
    title: 'Brackets do not cross turn boundaries',
    must: 'turn/start and turn/end MUST NOT occur while a compaction is open, unless that compaction is an orphaned start made stale by a later session/end-seed (or by the end-seed the next load appends, when the log ends with the bracket still open).',
    doc,
  },
  'LOG-CMP-7': {
    severity: 'error',
    title: 'The checkpoint immediately follows the summary',
    must: 'The event right after a compaction/summary MUST be that compaction\'s checkpoint user/message with a replace surfaceOp, and a successful compaction/end MUST come after the checkpoint.',
    doc,
  },
  'LOG-CMP-8': {
    severity: 'warning',
    title: 'Checkpoint provenance matches the summary',
    must: 'A checkpoint SHOULD cite exactly [compaction/start seq, compaction/summary seq, ...summary.shadowedSeqs] in sourceEventSeqs, remove exactly summary.shadowedSeqs from the surface, and carry a source with only kind, plugin, compactionId and optional sourceCommandId.',
    doc,
  },
  'LOG-CMP-9': {
    severity: 'warning',
    title: 'A prune is followed by its tool-result rewrite',
    must: 'A compaction/prune SHOULD be immediately followed by a tool/result replacement of one node ({op:"replace", start:s, end:s}).',
    doc,
  },
  'LOG-END-2': {
    severity: 'info',
    title: 'Log ends inside an open compaction',
    must: 'A log that ends inside an open compaction bracket comes from a live or crashed writer (or a failed close); reported as information.',
    doc,
  },
} as const satisfies Record<string, RuleMeta>;

/** Who owns a bracket: its turn as shown, or null for a standalone compaction. */
type Owner = { owner: string | null };
const ownerText = (d: Owner): string => (d.owner === null ? 'standalone compaction' : `compaction for turn ${d.owner}`);
/** How a bracket's owner disagrees with the open turn (shown values; null: no turn is open). */
type OwnerProblem = { owner: string | null; openTurn: string | null };
const ownerProblemText = (d: OwnerProblem): string =>
  d.owner === null ? `is standalone (turn null) but turn ${d.openTurn} is open` : d.openTurn === null ? `is owned by turn ${d.owner} but no turn is open` : `is owned by turn ${d.owner} but the open turn is ${d.openTurn}`;
/** Which event (or checkpoint) a bracket message is about, e.g. `compaction/summary`. */
type Subject = { subject: string };
const bracket = {
  noOpenStart: (d: Subject) => `${d.subject} has no open compaction/start`,
  compactionIdMismatch: (d: Subject & { found: string; expected: string; startSeq: number }) => `${d.subject} compactionId ${d.found} does not match compaction/start ${d.expected} (seq ${d.startSeq})`,
  sourceCommandIdMismatch: (d: Subject & { found: string; expected: string }) => `${d.subject} sourceCommandId ${d.found} does not match compaction/start's ${d.expected}`,
};
const ownerOfBracket = { bracketOwner: (d: Subject & OwnerProblem) => `${d.subject}'s bracket ${ownerProblemText(d)}` };

/** Values read from the log are their `show` rendering. */
export const compactionMessages = defineMessages({
  'LOG-CMP-1': {
    notNonEmptyString: (d: { field: string; found: string }) => `expected ${d.field} to be a non-empty string, found ${d.found}`,
  },
  'LOG-CMP-2': {
    startWhileOpen: (d: Owner & { startSeq: number }) => `compaction/start while the ${ownerText(d)} started at seq ${d.startSeq} is still open`,
    startOwner: (d: OwnerProblem) => `compaction/start ${ownerProblemText(d)}`,
  },
  'LOG-CMP-3': {
    ...bracket,
    ...ownerOfBracket,
    secondSummary: (_d: Record<string, never>) => 'expected one compaction/summary per compaction, found a second one',
    emptyShadowedSeqs: (d: { found: string }) => `expected non-empty shadowedSeqs, found ${d.found}`,
    shadowedRange: (d: { first: string; last: string; found: string }) => `expected shadowedRange to equal the first and last shadowedSeqs {start:${d.first}, end:${d.last}}, found ${d.found}`,
    shadowedTokenCount: (d: { found: string }) => `expected shadowedTokenCount to be a non-negative safe integer, found ${d.found}`,
  },
  'LOG-CMP-4': bracket,
  'LOG-CMP-5': {
    ...bracket,
    ...ownerOfBracket,
    endOwner: (d: { found: string; expected: string }) => `compaction/end owner ${d.found} does not match compaction/start owner ${d.expected}`,
    endWithoutSummary: (_d: Record<string, never>) => 'a successful compaction/end (no error) requires a compaction/summary in its bracket, found none',
  },
  'LOG-CMP-6': {
    turnCrossesBracket: (d: Owner & { eventType: string; startSeq: number; more: number }) =>
      `${d.eventType} crosses the open ${ownerText(d)} started at seq ${d.startSeq}${d.more > 0 ? ` (and ${d.more} more turn boundaries)` : ''}; no session/end-seed follows that would make it a stale orphan`,
  },
  'LOG-CMP-7': {
    checkpointExpected: (d: { summarySeq: number; foundType: string; surfaceOp: string | null }) =>
      `expected the compaction checkpoint (user/message replace with a compact source) right after compaction/summary seq ${d.summarySeq}, found ${d.foundType}${d.surfaceOp !== null ? ` with surfaceOp ${d.surfaceOp}` : ''}`,
    endWithoutCheckpoint: (_d: Record<string, never>) => 'a successful compaction/end requires the checkpoint user/message in its bracket, found none',
    checkpointBeforeSummary: (_d: Record<string, never>) => 'expected the compaction checkpoint right after its compaction/summary, found it before any summary',
  },
  'LOG-CMP-8': {
    extraSourceKeys: (d: { keys: string[] }) => `expected checkpoint source keys kind, plugin, compactionId[, sourceCommandId], found extra ${d.keys.join(', ')}`,
    sourceEventSeqs: (d: { expected: string; found: string }) => `expected checkpoint sourceEventSeqs ${d.expected} ([start, summary, ...shadowedSeqs]), found ${d.found}`,
    removedSeqs: (d: { expected: string; found: string }) => `expected the checkpoint to remove exactly summary.shadowedSeqs ${d.expected} from the surface, found it removed ${d.found}`,
  },
  'LOG-CMP-9': {
    pruneRewrite: (d: { pruneSeq: number; foundType: string; surfaceOp: string }) => `expected a one-node tool/result replacement right after compaction/prune seq ${d.pruneSeq}, found ${d.foundType} with surfaceOp ${d.surfaceOp}`,
  },
  'LOG-END-2': {
    endsInBracket: (d: Owner & { startSeq: number; summarized: boolean; firstCrossing: string | null }) =>
      `log ends inside the open ${ownerText(d)} started at seq ${d.startSeq}${d.summarized ? ' (summary written, no compaction/end)' : ''}: a live or crashed writer, or a failed close${
        d.firstCrossing !== null ? `; turn boundaries crossed it (first at seq ${d.firstCrossing}), which the next load's session/end-seed makes acceptable` : ''
      }`,
  },
});

interface OpenBracket {
  id: unknown;
  cmd: unknown;
  startSeq: number;
  turn: unknown;
  summarized: boolean;
  summarySeq: number | null;
  shadowedSeqs: unknown;
  checkpointed: boolean;
}

const USER_MESSAGE: ReadonlySet<string> = new Set(['user/message']);

const owner = (turn: unknown): string | null => (turn === null ? null : show(turn));

/**
 * Whether two seq lists render the same (`show(a, 100_000) === show(b, 100_000)`, the comparison the
 * provenance rules make). Element-wise identical arrays always do, which is the common case and needs
 * no serialisation of what can be a whole context window's seqs; anything else is rendered and compared.
 */
function sameRendering(a: unknown, b: unknown): boolean {
  if (Array.isArray(a) && Array.isArray(b) && a.length === b.length) {
    let identical = true;
    for (let i = 0; i < a.length && identical; i++) identical = a[i] === b[i];
    if (identical) return true;
  }
  return show(a, 100_000) === show(b, 100_000);
}

export function isCheckpoint(event: LocatedEvent['event']): boolean {
  if (event.type !== 'user/message') return false;
  const op = event.surfaceOp as unknown;
  if (op === undefined || op === 'append') return false;
  const source = rec(rec(event.data)?.source);
  return source?.kind === 'plugin' && source.plugin === 'compact';
}

export const compactionModule: RuleModule<typeof compactionMessages> = {
  name: 'core/compaction',
  source: 'log',
  rules: compactionRules,
  messages: compactionMessages,
  create(ctx) {
    let openTurn: unknown = null;
    let open: OpenBracket | undefined;
    /** First turn boundary crossing the open bracket, held until we know whether it is a stale orphan. */
    let crossing: { located: LocatedEvent; count: number } | null = null;
    let awaitingCheckpoint: number | null = null;
    let awaitingPruneRewrite: number | null = null;
    let lastLocated: LocatedEvent | null = null;

    const checkId = (located: LocatedEvent, value: unknown, label: string): void => {
      if (!nonEmptyString(value)) ctx.report('LOG-CMP-1', { event: located, messageId: 'notNonEmptyString', data: { field: label, found: show(value) } });
    };
    const checkIds = (located: LocatedEvent, holder: Record<string, unknown>, label: string): void => {
      checkId(located, holder.compactionId, `${label} compactionId`);
      if (holder.sourceCommandId !== undefined) checkId(located, holder.sourceCommandId, `${label} sourceCommandId`);
    };
    const ownerProblem = (turn: unknown): { owner: string | null; openTurn: string | null } | null => {
      const problem = { owner: owner(turn), openTurn: owner(openTurn) };
      if (turn === null) return openTurn !== null ? problem : null;
      if (openTurn === null) return problem;
      return turn !== openTurn ? problem : null;
    };
    /** The open bracket turned out not to be a stale orphan: its held crossing is a violation. */
    const flushCrossing = (): void => {
      if (crossing === null || open === undefined) return;
      ctx.report('LOG-CMP-6', {
        event: crossing.located,
        witness: [open.startSeq],
        messageId: 'turnCrossesBracket',
        data: { eventType: crossing.located.event.type, owner: owner(open.turn), startSeq: open.startSeq, more: crossing.count - 1 },
      });
      crossing = null;
    };
    const matchBracket = (located: LocatedEvent, rule: 'LOG-CMP-3' | 'LOG-CMP-4' | 'LOG-CMP-5', label: string, holder: Record<string, unknown>): boolean => {
      if (open === undefined) {
        ctx.report(rule, { event: located, messageId: 'noOpenStart', data: { subject: label } });
        return false;
      }
      if (holder.compactionId !== open.id) ctx.report(rule, { event: located, witness: [open.startSeq], messageId: 'compactionIdMismatch', data: { subject: label, found: show(holder.compactionId), expected: show(open.id), startSeq: open.startSeq } });
      if (holder.sourceCommandId !== open.cmd) ctx.report(rule, { event: located, witness: [open.startSeq], messageId: 'sourceCommandIdMismatch', data: { subject: label, found: show(holder.sourceCommandId), expected: show(open.cmd) } });
      return true;
    };

    return {
      onEvent(located) {
        lastLocated = located;
        const event = located.event;
        // The hot path: a streamed chunk right after anything but a summary or prune concerns no rule here.
        if (event.type === 'assistant/chunk' && awaitingCheckpoint === null && awaitingPruneRewrite === null) return;
        const data = rec(event.data) ?? {};
        const seq = isSeq(event.seq) ? event.seq : -1;

        if (awaitingCheckpoint !== null) {
          const summarySeq = awaitingCheckpoint;
          awaitingCheckpoint = null;
          if (!isCheckpoint(event)) {
            ctx.report('LOG-CMP-7', { event: located, witness: [summarySeq], messageId: 'checkpointExpected', data: { summarySeq, foundType: show(event.type), surfaceOp: event.type === 'user/message' ? show(event.surfaceOp) : null } });
          }
        }
        if (awaitingPruneRewrite !== null) {
          const pruneSeq = awaitingPruneRewrite;
          awaitingPruneRewrite = null;
          const op = rec(event.surfaceOp);
          if (event.type !== 'tool/result' || op?.op !== 'replace' || op.start !== op.end) {
            ctx.report('LOG-CMP-9', { event: located, witness: [pruneSeq], messageId: 'pruneRewrite', data: { pruneSeq, foundType: show(event.type), surfaceOp: show(event.surfaceOp) } });
          }
        }

        switch (event.type) {
          case 'turn/start':
          case 'turn/end':
            if (open !== undefined) {
              if (crossing === null) crossing = { located, count: 1 };
              else crossing.count++;
            }
            openTurn = event.type === 'turn/start' ? data.turn : null;
            return;
          case 'session/end-seed':
            // Everything still open before a seed boundary is an inherited orphan: stale, not a violation.
            open = undefined;
            crossing = null;
            return;
          case 'compaction/prune':
            awaitingPruneRewrite = seq;
            return;
          case 'compaction/start': {
            checkIds(located, data, 'compaction/start');
            if (open !== undefined) {
              flushCrossing();
              ctx.report('LOG-CMP-2', { event: located, witness: [open.startSeq], messageId: 'startWhileOpen', data: { owner: owner(open.turn), startSeq: open.startSeq } });
            }
            const problem = ownerProblem(data.turn);
            if (problem) ctx.report('LOG-CMP-2', { event: located, messageId: 'startOwner', data: problem });
            open = { id: data.compactionId, cmd: data.sourceCommandId, startSeq: seq, turn: data.turn, summarized: false, summarySeq: null, shadowedSeqs: undefined, checkpointed: false };
            crossing = null;
            return;
          }
          case 'compaction/summary': {
            checkIds(located, data, 'compaction/summary');
            if (!matchBracket(located, 'LOG-CMP-3', 'compaction/summary', data)) return;
            const bracket = open!;
            const problem = ownerProblem(bracket.turn);
            if (problem) ctx.report('LOG-CMP-3', { event: located, messageId: 'bracketOwner', data: { subject: 'compaction/summary', ...problem } });
            if (bracket.summarized) ctx.report('LOG-CMP-3', { event: located, witness: bracket.summarySeq !== null ? [bracket.summarySeq] : [], messageId: 'secondSummary', data: {} });
            const seqs = data.shadowedSeqs;
            const range = rec(data.shadowedRange);
            if (!Array.isArray(seqs) || seqs.length === 0) {
              ctx.report('LOG-CMP-3', { event: located, messageId: 'emptyShadowedSeqs', data: { found: show(seqs) } });
            } else if (seqs[0] !== range?.start || seqs[seqs.length - 1] !== range?.end) {
              ctx.report('LOG-CMP-3', { event: located, messageId: 'shadowedRange', data: { first: show(seqs[0]), last: show(seqs[seqs.length - 1]), found: show(data.shadowedRange) } });
            }
            if (!isSafeInt(data.shadowedTokenCount) || data.shadowedTokenCount < 0) {
              ctx.report('LOG-CMP-3', { event: located, messageId: 'shadowedTokenCount', data: { found: show(data.shadowedTokenCount) } });
            }
            bracket.summarized = true;
            bracket.summarySeq = seq;
            bracket.shadowedSeqs = seqs;
            awaitingCheckpoint = seq;
            return;
          }
          case 'compaction/end': {
            checkIds(located, data, 'compaction/end');
            if (!matchBracket(located, 'LOG-CMP-5', 'compaction/end', data)) return;
            const bracket = open!;
            if (data.turn !== bracket.turn) ctx.report('LOG-CMP-5', { event: located, witness: [bracket.startSeq], messageId: 'endOwner', data: { found: show(data.turn), expected: show(bracket.turn) } });
            const problem = ownerProblem(bracket.turn);
            if (problem) ctx.report('LOG-CMP-5', { event: located, messageId: 'bracketOwner', data: { subject: 'compaction/end', ...problem } });
            const success = data.error === undefined;
            if (success && !bracket.summarized) ctx.report('LOG-CMP-5', { event: located, witness: [bracket.startSeq], messageId: 'endWithoutSummary', data: {} });
            else if (success && !bracket.checkpointed) ctx.report('LOG-CMP-7', { event: located, witness: [bracket.startSeq], messageId: 'endWithoutCheckpoint', data: {} });
            flushCrossing();
            open = undefined;
            return;
          }
        }

        if (isCheckpoint(event)) {
          const source = rec(data.source)!;
          checkId(located, source.compactionId, 'compaction checkpoint compactionId');
          if (source.sourceCommandId !== undefined) checkId(located, source.sourceCommandId, 'compaction checkpoint sourceCommandId');
          if (!matchBracket(located, 'LOG-CMP-4', 'compaction checkpoint', source)) return;
          const bracket = open!;
          if (!bracket.summarized) {
            ctx.report('LOG-CMP-7', { event: located, witness: [bracket.startSeq], messageId: 'checkpointBeforeSummary', data: {} });
          }
          bracket.checkpointed = true;
          const extraKeys = Object.keys(source).filter((k) => !['kind', 'plugin', 'compactionId', 'sourceCommandId'].includes(k));
          if (extraKeys.length > 0) ctx.report('LOG-CMP-8', { event: located, messageId: 'extraSourceKeys', data: { keys: extraKeys } });
          if (bracket.summarySeq !== null && Array.isArray(bracket.shadowedSeqs)) {
            const expected = [bracket.startSeq, bracket.summarySeq, ...(bracket.shadowedSeqs as unknown[])];
            const actual = (event as unknown as Record<string, unknown>).sourceEventSeqs;
            if (!sameRendering(actual, expected)) {
              ctx.report('LOG-CMP-8', { event: located, witness: [bracket.startSeq, bracket.summarySeq], messageId: 'sourceEventSeqs', data: { expected: show(expected, 120), found: show(actual, 120) } });
            }
          }
        }
      },
      // Only a checkpoint (a user/message) is judged after it is applied.
      afterEventTypes: USER_MESSAGE,
      onAfterEvent(located, model) {
        if (open === undefined || !isCheckpoint(located.event) || !Array.isArray(open.shadowedSeqs)) return;
        const step = model.lastSurfaceStep;
        if (step.kind !== 'replace') return;
        if (!sameRendering(step.shadowed, open.shadowedSeqs)) {
          ctx.report('LOG-CMP-8', { event: located, witness: open.summarySeq !== null ? [open.summarySeq] : [], messageId: 'removedSeqs', data: { expected: show(open.shadowedSeqs, 120), found: show(step.shadowed, 120) } });
        }
      },
      onEnd() {
        if (open === undefined) return;
        // DSH's next load appends a session/end-seed, which makes this bracket a stale orphan: a held
        // turn-boundary crossing is then accepted, so it is part of this information, not an error.
        ctx.report('LOG-END-2', {
          ...(lastLocated ? { event: lastLocated } : {}),
          witness: [open.startSeq],
          messageId: 'endsInBracket',
          data: { owner: owner(open.turn), startSeq: open.startSeq, summarized: open.summarized, firstCrossing: crossing !== null ? show(crossing.located.event.seq) : null },
        });
      },
    };
  },
};

