import type { RuleContext, RuleModule } from '../../engine.js';
import type { LocatedEvent } from '../../log/types.js';
import type { SessionModel } from '../../model/session-model.js';
import { isRec, show, type Rec } from '../core/access.js';
import { agentInstructionsRuleMeta } from './meta.js';
import { blockShape, findSection, headingFor, scopeForPath } from './text-checks.js';
import { defineMessages } from '../../message-templates.js';

/**
 * Validator rules for agent-instructions (spec/agent-instructions.md §2). Upstream's companion checks
 * nothing; these are derived from the published behaviour.
 *
 * State is bounded by what the log announces: per scope, the workspace changes seen so far (seq and
 * change), so "latest change", "latest visible change" and "was it ever active" are answered without
 * rescanning the log. Visibility comes from the shared surface fold (pre-commit view).
 */

const SOURCE_KEYS = new Set(['kind', 'form', 'baseline', 'baselineIdentity', 'changes']);
const CHANGE_KEYS = new Set(['action', 'scope', 'path', 'digest']);
const ACTIONS = new Set(['set', 'replace', 'remove']);
const DIGEST = /^[0-9a-f]{40}$/;
/** The only event types the module reacts to (batch boundaries and user/messages). */
const VISITED_TYPES: ReadonlySet<string> = new Set(['step/start', 'request/header', 'step/end', 'turn/end', 'user/message']);
const IDENTITY_KEYS: Record<string, 'string' | 'number' | 'string[]'> = {
  projectRoot: 'string',
  projectRootMarkers: 'string[]',
  maxBytes: 'number',
  maxSourceBytes: 'number',
  instructionFileCandidates: 'string[]',
  localInstructionFileCandidates: 'string[]',
};

interface Change {
  action: 'set' | 'replace' | 'remove';
  scope: string;
  path: string;
  digest?: string;
}

interface Announcement {
  seq: number;
  change: Change;
}

const utf8 = (text: string): number => Buffer.byteLength(text, 'utf8');

function isWorkspaceMessage(event: LocatedEvent['event']): boolean {
  return event.type === 'user/message' && isRec(event.data) && isRec(event.data.source) && event.data.source.kind === 'agent-instructions';
}

/** The well-formed changes (others are reported by AI-SRC-1 and otherwise ignored, like upstream). */
function wellFormed(value: unknown): value is Change {
  return isRec(value) && ACTIONS.has(value.action as string) && typeof value.scope === 'string' && typeof value.path === 'string' && (value.digest === undefined || typeof value.digest === 'string');
}

function checkIdentity(identity: unknown): string | undefined {
  if (typeof identity !== 'string') return `baselineIdentity ${show(identity)} is not a string`;
  let parsed: unknown;
  try {
    parsed = JSON.parse(identity);
  } catch {
    return `baselineIdentity ${show(identity)} is not JSON`;
  }
  if (!isRec(parsed)) return `baselineIdentity ${show(identity)} is not a JSON object`;
  const keys = Object.keys(parsed).sort();
  const expected = Object.keys(IDENTITY_KEYS).sort();
  if (keys.join(',') !== expected.join(',')) return `baselineIdentity has keys [${keys.join(', ')}], expected exactly [${expected.join(', ')}]`;
  for (const [key, type] of Object.entries(IDENTITY_KEYS)) {
    const value = parsed[key];
    const ok = type === 'string[]' ? Array.isArray(value) && value.every((v) => typeof v === 'string') : typeof value === type;
    if (!ok) return `baselineIdentity.${key} is ${show(value)}, expected ${type}`;
  }
  return undefined;
}

/** Values read from the log are their `show` rendering; `index` is a position in changes[] or content[]. */
type ChangeAt = { index: number; path: string };
export const agentInstructionsMessages = defineMessages({
  'AI-SRC-1': {
    /** `problems`: one clause per defect of the message's shape, in the order they were found. */
    malformed: (d: { problems: string[] }) => `workspace message: ${d.problems.join('; ')}`,
  },
  'AI-SRC-2': {
    removeWithDigest: (d: ChangeAt & { digest: string }) => `changes[${d.index}] removes ${d.path} but carries digest ${d.digest} (a remove has none)`,
    badDigest: (d: ChangeAt & { action: string; digest: string }) => `changes[${d.index}] (${d.action} ${d.path}) has digest ${d.digest}, expected 40 lowercase hex digits`,
  },
  'AI-SRC-3': {
    wrongScope: (d: ChangeAt & { implied: string; found: string }) => `changes[${d.index}] path ${d.path} implies scope ${d.implied}, found ${d.found}`,
  },
  'AI-BASE-1': {
    badBaseline: (d: { found: string }) => `baseline is ${d.found}; only \`baseline: true\` is meaningful`,
    identityWithoutBaseline: (_d: Record<string, never>) => 'baselineIdentity on a source that is not a baseline',
    /** `problem`: what is wrong with the baseline identity. */
    badIdentity: (d: { problem: string }) => d.problem,
  },
  'AI-FRAME-1': {
    badBlock: (d: { index: number; reason: string }) => `content[${d.index}]: ${d.reason}`,
  },
  'AI-BUDGET-1': {
    disabled: (d: { maxBytes: number }) => `maxBytes ${d.maxBytes} disables the source, yet a workspace message was appended`,
    overBudget: (d: { index: number; bytes: number; maxBytes: number }) => `content[${d.index}] is ${d.bytes} UTF-8 bytes, over maxBytes ${d.maxBytes}`,
  },
  'AI-HEAD-1': {
    noChange: (_d: Record<string, never>) => 'a workspace message that is not a baseline announces no change',
    noHeading: (d: ChangeAt & { action: string }) => `changes[${d.index}] (${d.action} ${d.path}) has no matching heading in order in the message text`,
  },
  'AI-SEQ-1': {
    /** `alreadyRemoved`: the scope's last announcement was a remove (false: it was never announced). */
    removeUnannounced: (d: ChangeAt & { alreadyRemoved: boolean }) => `changes[${d.index}] removes ${d.path}, but its scope was ${d.alreadyRemoved ? 'already removed' : 'never announced'}`,
  },
  'AI-SEQ-2': {
    removeInvisible: (d: ChangeAt & { announcedSeq: number }) => `changes[${d.index}] removes ${d.path}, whose announcement (seq ${d.announcedSeq}) is no longer visible`,
  },
  'AI-SEQ-3': {
    sameDigestVisible: (d: ChangeAt & { visibleSeq: number }) => `changes[${d.index}] announces ${d.path} again with the same digest while seq ${d.visibleSeq} is still visible`,
  },
  'AI-POS-1': {
    outsideStep: (_d: Record<string, never>) => 'workspace message outside an open step',
    afterRequest: (_d: Record<string, never>) => "workspace message after the step's request/header",
  },
  'AI-POS-2': {
    userAfterWorkspace: (d: { workspaceSeq: number }) => `the direct user message comes after the workspace message seq ${d.workspaceSeq} of the same batch`,
  },
});

export const agentInstructionsRules: RuleModule<typeof agentInstructionsMessages> = {
  name: 'agent-instructions',
  source: 'agent-instructions',
  rules: agentInstructionsRuleMeta,
  messages: agentInstructionsMessages,
  create(ctx: RuleContext) {
    const history = new Map<string, Announcement[]>();
    /** The open step's batch: was a workspace message already appended in it (and which)? */
    let batchWorkspaceSeq: number | null = null;

    const configuredBudget = (): number | undefined => {
      const value = ctx.options.configs['agent-instructions']?.maxBytes;
      return typeof value === 'number' ? value : undefined;
    };

    const latest = (scope: string, model: SessionModel, visibleOnly: boolean): Announcement | undefined => {
      const list = history.get(scope);
      if (list === undefined) return undefined;
      for (let i = list.length - 1; i >= 0; i -= 1) if (!visibleOnly || model.surface.isVisible(list[i].seq)) return list[i];
      return undefined;
    };

    function checkShape(located: LocatedEvent, data: Rec, source: Rec): { changes: Change[]; texts: string[] | undefined } {
      const problems: string[] = [];
      if (data.role !== 'user') problems.push(`role ${show(data.role)} (expected "user")`);
      let texts: string[] | undefined;
      if (!Array.isArray(data.content) || data.content.length === 0) problems.push(`content ${show(data.content)} (expected a non-empty array of text blocks)`);
      else if (!data.content.every((b) => isRec(b) && b.type === 'text' && typeof b.text === 'string')) problems.push(`content ${show(data.content)} has a block that is not {type:"text", text}`);
      else texts = (data.content as Array<{ text: string }>).map((b) => b.text);
      if (source.form !== 'instructions') problems.push(`form ${show(source.form)} (expected "instructions")`);
      const extra = Object.keys(source).filter((k) => !SOURCE_KEYS.has(k));
      if (extra.length > 0) problems.push(`unexpected source keys ${extra.join(', ')}`);
      const changes: Change[] = [];
      if (!Array.isArray(source.changes)) {
        problems.push(`changes ${show(source.changes)} (expected an array)`);
      } else {
        source.changes.forEach((entry, i) => {
          if (!wellFormed(entry)) {
            problems.push(`changes[${i}] ${show(entry)} is not {action: set|replace|remove, scope, path, digest?}`);
            return;
          }
          const bad: string[] = [];
          const extraKeys = Object.keys(entry).filter((k) => !CHANGE_KEYS.has(k));
          if (extraKeys.length > 0) bad.push(`unexpected keys ${extraKeys.join(', ')}`);
          if (entry.path.length === 0) bad.push('an empty path');
          const sep = entry.scope.indexOf('\u0000');
          if (sep <= 0 || sep === entry.scope.length - 1 || entry.scope.indexOf('\u0000', sep + 1) >= 0) bad.push(`scope ${show(entry.scope)} is not "<directory>\\0<file name>"`);
          if (bad.length > 0) problems.push(`changes[${i}] has ${bad.join('; ')}`);
          changes.push(entry);
        });
      }
      if (problems.length > 0) ctx.report('AI-SRC-1', { event: located, messageId: 'malformed', data: { problems } });
      return { changes, texts };
    }

    function checkChanges(located: LocatedEvent, changes: readonly Change[]): void {
      changes.forEach((change, i) => {
        if (change.action === 'remove') {
          if (change.digest !== undefined) ctx.report('AI-SRC-2', { event: located, messageId: 'removeWithDigest', data: { index: i, path: show(change.path), digest: show(change.digest) } });
        } else if (typeof change.digest !== 'string' || !DIGEST.test(change.digest)) {
          ctx.report('AI-SRC-2', { event: located, messageId: 'badDigest', data: { index: i, action: change.action, path: show(change.path), digest: show(change.digest) } });
        }
        const implied = scopeForPath(change.path);
        if (change.path.length > 0 && implied !== change.scope) {
          ctx.report('AI-SRC-3', { event: located, messageId: 'wrongScope', data: { index: i, path: show(change.path), implied: show(implied), found: show(change.scope) } });
        }
      });
    }

    /** Is this a baseline, and (when its identity is valid) the budget the identity states. */
    function checkBaseline(located: LocatedEvent, source: Rec): { isBaseline: boolean; statedBudget?: number } {
      if ('baseline' in source && source.baseline !== true) {
        ctx.report('AI-BASE-1', { event: located, messageId: 'badBaseline', data: { found: show(source.baseline) } });
        return { isBaseline: false };
      }
      if (source.baseline !== true) {
        if ('baselineIdentity' in source) ctx.report('AI-BASE-1', { event: located, messageId: 'identityWithoutBaseline', data: {} });
        return { isBaseline: false };
      }
      const problem = checkIdentity(source.baselineIdentity);
      if (problem !== undefined) {
        ctx.report('AI-BASE-1', { event: located, messageId: 'badIdentity', data: { problem } });
        return { isBaseline: true };
      }
      return { isBaseline: true, statedBudget: (JSON.parse(source.baselineIdentity as string) as { maxBytes: number }).maxBytes };
    }

    function checkTexts(located: LocatedEvent, texts: readonly string[], changes: readonly Change[], isBaseline: boolean, statedBudget: number | undefined): void {
      const bodies: string[] = [];
      texts.forEach((text, i) => {
        const shape = blockShape(text);
        if (shape.kind === 'invalid') ctx.report('AI-FRAME-1', { event: located, messageId: 'badBlock', data: { index: i, reason: shape.reason } });
        bodies.push(shape.kind === 'invalid' ? text : shape.body);
      });

      // Budget: the configured one, else (baseline block only) the identity's.
      const configured = configuredBudget();
      if (configured !== undefined && !(configured > 0 && Number.isFinite(configured))) {
        ctx.report('AI-BUDGET-1', { event: located, messageId: 'disabled', data: { maxBytes: configured } });
      } else {
        texts.forEach((text, i) => {
          // Without a known config, a baseline block is judged by the budget its identity states.
          const budget = configured ?? (isBaseline && i === 0 ? statedBudget : undefined);
          if (budget !== undefined && utf8(text) > budget) ctx.report('AI-BUDGET-1', { event: located, messageId: 'overBudget', data: { index: i, bytes: utf8(text), maxBytes: budget } });
        });
      }

      // Headings, in change order: baseline sets in block 0 of a baseline, the rest in the dynamic block.
      if (!isBaseline && changes.length === 0) {
        ctx.report('AI-HEAD-1', { event: located, messageId: 'noChange', data: {} });
        return;
      }
      const baselineBody = isBaseline ? bodies[0] : undefined;
      const dynamicBody = isBaseline ? bodies[1] : bodies[0];
      let baselineAt = 0;
      let dynamicAt = 0;
      let phase: 'superseded' | 'baseline' | 'dynamic' = isBaseline ? 'superseded' : 'dynamic';
      changes.forEach((change, i) => {
        if (phase !== 'dynamic' && baselineBody !== undefined && change.action === 'set') {
          const next = findSection(baselineBody, headingFor('set', change.path, true), baselineAt);
          if (next >= 0) {
            baselineAt = next;
            phase = 'baseline';
            return;
          }
        }
        const next = dynamicBody === undefined ? -1 : findSection(dynamicBody, headingFor(change.action, change.path, false), dynamicAt);
        if (next >= 0) {
          dynamicAt = next;
          phase = 'dynamic';
          return;
        }
        // Removals that open a replacement baseline retract the old one without a heading.
        if (phase === 'superseded' && change.action === 'remove') return;
        ctx.report('AI-HEAD-1', { event: located, messageId: 'noHeading', data: { index: i, action: change.action, path: show(change.path) } });
      });
    }

    function checkSequence(located: LocatedEvent, changes: readonly Change[], isBaseline: boolean, model: SessionModel): void {
      const inMessage = new Map<string, Change>();
      changes.forEach((change, i) => {
        const earlierHere = inMessage.get(change.scope);
        if (change.action === 'remove') {
          const previous = earlierHere ?? latest(change.scope, model, false)?.change;
          if (previous === undefined || previous.action === 'remove') {
            ctx.report('AI-SEQ-1', { event: located, messageId: 'removeUnannounced', data: { index: i, path: show(change.path), alreadyRemoved: previous !== undefined } });
          } else if (earlierHere === undefined) {
            const announced = latest(change.scope, model, false)!;
            if (!model.surface.isVisible(announced.seq)) {
              ctx.report('AI-SEQ-2', { event: located, witness: [announced.seq], messageId: 'removeInvisible', data: { index: i, path: show(change.path), announcedSeq: announced.seq } });
            }
          }
        } else if (change.action === 'set' && !isBaseline && earlierHere === undefined) {
          const visible = latest(change.scope, model, true);
          const v = visible?.change;
          if (v !== undefined && v.action === 'set' && v.path === change.path && v.digest === change.digest) {
            ctx.report('AI-SEQ-3', { event: located, witness: [visible!.seq], messageId: 'sameDigestVisible', data: { index: i, path: show(change.path), visibleSeq: visible!.seq } });
          }
        }
        inMessage.set(change.scope, change);
      });
    }

    function record(seq: number, changes: readonly Change[]): void {
      for (const change of changes) {
        const list = history.get(change.scope);
        if (list === undefined) history.set(change.scope, [{ seq, change }]);
        else list.push({ seq, change });
      }
    }

    return {
      eventTypes: VISITED_TYPES,
      onEvent(located, model) {
        const { event } = located;
        if (event.type === 'step/start' || event.type === 'request/header' || event.type === 'step/end' || event.type === 'turn/end') {
          batchWorkspaceSeq = null;
          return;
        }
        if (event.type !== 'user/message') return;
        const inBatch = model.openStep !== null && !model.requestStarted;
        if (!isWorkspaceMessage(event)) {
          const kind = isRec(event.data) && isRec(event.data.source) ? event.data.source.kind : undefined;
          if (inBatch && kind === 'user' && batchWorkspaceSeq !== null) {
            ctx.report('AI-POS-2', { event: located, witness: [batchWorkspaceSeq], messageId: 'userAfterWorkspace', data: { workspaceSeq: batchWorkspaceSeq } });
          }
          return;
        }
        const data = event.data as Rec;
        const source = data.source as Rec;
        if (!inBatch) {
          ctx.report('AI-POS-1', { event: located, messageId: model.openStep === null ? 'outsideStep' : 'afterRequest', data: {} });
        } else if (batchWorkspaceSeq === null) {
          batchWorkspaceSeq = event.seq;
        }
        const { changes, texts } = checkShape(located, data, source);
        const { isBaseline, statedBudget } = checkBaseline(located, source);
        checkChanges(located, changes);
        if (texts !== undefined) checkTexts(located, texts, changes, isBaseline, statedBudget);
        checkSequence(located, changes, isBaseline, model);
        record(event.seq, changes);
      },
    };
  },
};
