import * as companionRc1 from 'dsh-time-context-0.0.1-rc.1/invariant';
import * as companionRc8 from '@deepseek-ai/dsh-time-context/invariant';
import type { SessionEvent } from '../../../invariants/log/types.js';
import type { SpecRevision } from '../../../spec/revisions.js';
import { isReadingEvent } from '../../../reference/time-context/log-index.js';
import type { TimeContextRuleId } from '../../../invariants/rules/time-context/meta.js';

/**
 * The published `./invariant` companion as an oracle (research upstream-real-run §4): capture the
 * installer through a fake `ctx.invariants.register`, install it with a fake `sessions` service and a
 * recording `on`, then replay each reading through its `internal/dispatch` hook against the pre-commit
 * prefix, exactly as DSH does for a live append. (Test support only.)
 */

class InvariantFailure extends Error {}

type Dispatch = (mode: string, name: string, args: unknown[]) => void;

async function dispatcherOf(companion: { apply(ctx: unknown): unknown }): Promise<Dispatch> {
  let install: ((ctx: unknown, fail: (message: string) => never) => void) | undefined;
  await companion.apply({ invariants: { register: (_pkg: string, fn: typeof install) => (install = fn) } });
  let dispatch: Dispatch | undefined;
  const childCtx = {
    sessions: { list: () => [] },
    on: (name: string, fn: Dispatch) => {
      if (name === 'internal/dispatch') dispatch = fn;
    },
  };
  install!(childCtx, (message) => {
    throw new InvariantFailure(message);
  });
  return dispatch!;
}

const dispatchers = new Map<SpecRevision, Promise<Dispatch>>();
function dispatcher(revision: SpecRevision): Promise<Dispatch> {
  let d = dispatchers.get(revision);
  if (d === undefined) {
    d = dispatcherOf((revision === '2026-07' ? companionRc1 : companionRc8) as { apply(ctx: unknown): unknown });
    dispatchers.set(revision, d);
  }
  return d;
}

/** The verdict of the companion on one reading: pass, or the rule id its failure stands for. */
export interface CompanionVerdict {
  seq: number;
  rule: TimeContextRuleId | 'TC-POS-*' | null;
  message?: string;
}

const MESSAGE_TO_RULE: Array<[RegExp, CompanionVerdict['rule']]> = [
  [/^time-context messages must contain exactly one text block$/, 'TC-CONTENT-1'],
  [/^time-context message does not match the durable reading format$/, 'TC-FORMAT-1'],
  [/^time-context turn and step must be positive safe integers$/, 'TC-FORMAT-2'],
  [/^time-context reading must be appended inside an open turn$/, 'TC-POS-1'],
  [/^time-context reading must follow step\/start$/, 'TC-POS-2'],
  [/^time-context reading must precede request\/header$/, 'TC-POS-3'],
  // rc.1's single position message covers all of TC-POS-1/2/3/5.
  [/^time-context reading must be appended during prompt assembly$/, 'TC-POS-*'],
  [/^time-context reading names turn \d+\/step \d+, expected turn/, 'TC-POS-4'],
  [/^time-context source must retain package ownership$/, 'TC-SRC-1'],
  [/^time-context source must carry only the exact snapshot text, not request authority$/, 'TC-SRC-2'],
  [/^time-context browser-zone text does not match current-turn user messages$/, 'TC-ZONE-1'],
  [/^browser time zone /, 'TC-ZONE-2'],
  [/^time-context step \d+ uses the wrong elapsed-time baseline/, 'TC-BASE-1'],
  [/^time-context rendered timestamp must parse and not postdate its durable event$/, 'TC-TIME-1'],
  [/^time-context browser zone cannot format its durable timestamp: /, 'TC-TIME-2'],
  [/^time-context rendered timestamp does not match the unique browser zone$/, 'TC-TIME-3'],
];

function ruleOf(error: unknown): CompanionVerdict['rule'] {
  const message = (error as Error)?.message ?? String(error);
  for (const [pattern, rule] of MESSAGE_TO_RULE) if (pattern.test(message)) return rule;
  throw new Error(`upstream companion failed with an unmapped message: ${message}`, { cause: error });
}

/** Replay every reading of `events` through the companion of `revision`. */
export async function companionVerdicts(events: readonly SessionEvent[], revision: SpecRevision): Promise<CompanionVerdict[]> {
  const dispatch = await dispatcher(revision);
  const out: CompanionVerdict[] = [];
  for (let i = 0; i < events.length; i++) {
    if (!isReadingEvent(events[i])) continue;
    try {
      dispatch('emit', 'session/event', [{ events: events.slice(0, i) }, events[i]]);
      out.push({ seq: events[i].seq, rule: null });
    } catch (error) {
      out.push({ seq: events[i].seq, rule: ruleOf(error), message: (error as Error).message });
    }
  }
  return out;
}
