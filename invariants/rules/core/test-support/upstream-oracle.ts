import { KNOWN_SESSION_EVENT_TYPES, Session, decodeStorageRecord } from '@deepseek-ai/dsh-session';
import * as compactionInvariant from '@deepseek-ai/dsh-compaction/invariant';
import * as sessionInvariant from '@deepseek-ai/dsh-session/invariant';

/**
 * Upstream as an oracle: what DSH itself says about a log, in the order DSH loads it — decode each
 * line (`decodeStorageRecord`), refuse unknown vocabulary, restore a `Session` (envelope, seq, surface,
 * message shapes), then replay the `dsh-session` and `dsh-compaction` invariant companions over the
 * restored events (which, like a real load, end with the appended `session/end-seed`).
 *
 * The companions are driven without a DSH host: their `apply(ctx)` registers an installer through a
 * fake `ctx.invariants.register`; calling that installer with a fake ctx whose `sessions.list()`
 * returns the session makes it replay the whole log immediately, calling `fail` on the first problem.
 */
export type UpstreamVerdict =
  | { ok: true }
  | { ok: false; stage: 'decode' | 'vocabulary' | 'restore' | 'session' | 'compaction'; index: number | null; line: number | null; message: string };

type Installer = (ctx: unknown, fail: (message: string) => never) => void;

class InvariantFailure extends Error {}

async function captureInstaller(mod: { apply: (ctx: unknown) => unknown }): Promise<Installer> {
  let installer: Installer | undefined;
  await mod.apply({ invariants: { register: (_pkg: string, install: Installer) => ((installer = install), () => {}) } });
  if (!installer) throw new Error('companion did not register an installer');
  return installer;
}

const installers = Promise.all([captureInstaller(sessionInvariant as never), captureInstaller(compactionInvariant as never)]);

/** Replays one companion; returns the index of the event it failed on and the message, or null. */
function replay(install: Installer, id: string, events: readonly unknown[]): { index: number; message: string } | null {
  let current = -1;
  const tracked = [...events];
  // The companions iterate `session.events` with for..of; a tracking iterator tells which event failed.
  (tracked as unknown as { [Symbol.iterator]: () => Iterator<unknown> })[Symbol.iterator] = function* () {
    for (let i = 0; i < tracked.length; i++) {
      current = i;
      yield tracked[i];
    }
  };
  const session = { id, events: tracked };
  const ctx = { sessions: { list: () => [session] }, on: () => () => {} };
  try {
    install(ctx, (message) => {
      throw new InvariantFailure(message);
    });
    return null;
  } catch (error) {
    if (error instanceof InvariantFailure) return { index: current, message: error.message };
    // A TypeError inside a companion means it met a shape restore should have refused; report it.
    return { index: current, message: `companion crashed: ${(error as Error).message}` };
  }
}

/** `lines[0]` is the header line; each other line may be an event or a packed row. */
export async function upstreamVerdict(lines: readonly string[]): Promise<UpstreamVerdict> {
  const header = JSON.parse(lines[0]) as { id: string };
  const events: Array<Record<string, unknown>> = [];
  const lineOfIndex: number[] = [];
  for (let l = 1; l < lines.length; l++) {
    try {
      for (const e of decodeStorageRecord(JSON.parse(lines[l])) as Array<Record<string, unknown>>) {
        events.push(e);
        lineOfIndex.push(l + 1);
      }
    } catch (error) {
      return { ok: false, stage: 'decode', index: events.length, line: l + 1, message: (error as Error).message };
    }
  }
  const at = (index: number | null) => (index === null ? null : (lineOfIndex[index] ?? null));
  const unknown = events.findIndex((e) => !KNOWN_SESSION_EVENT_TYPES.has(e.type as string) && e.ignorable !== true);
  if (unknown >= 0) return { ok: false, stage: 'vocabulary', index: unknown, line: at(unknown), message: `unknown event type ${String(events[unknown].type)}` };
  let session: { events: readonly unknown[] };
  try {
    session = Session.fromRestore(header.id as never, structuredClone(events) as never, structuredClone(header) as never) as unknown as { events: readonly unknown[] };
  } catch (error) {
    const message = (error as Error).message;
    const m = /index (\d+)/.exec(message);
    const index = m ? Number(m[1]) : null;
    return { ok: false, stage: 'restore', index, line: at(index), message };
  }
  const [sessionInstall, compactionInstall] = await installers;
  for (const [stage, install] of [['session', sessionInstall], ['compaction', compactionInstall]] as const) {
    const failure = replay(install, header.id, session.events);
    if (failure) return { ok: false, stage, index: failure.index, line: at(failure.index), message: failure.message };
  }
  return { ok: true };
}

/**
 * Which of our rule ids corresponds to an upstream failure message. Several ids where upstream folds
 * several checks into one message (the envelope message covers keys, types, seq and time).
 */
export function rulesForUpstream(message: string): string[] {
  const table: Array<[RegExp, string[]]> = [
    [/unknown event type/, ['LOG-TYPE-1']],
    [/malformed .* storage row/, ['LOG-ROW-1']],
    [/unsupported legacy/, ['LOG-LEGACY-1']],
    [/invalid event envelope/, ['LOG-ENV-1', 'LOG-ENV-2', 'LOG-SEQ-1', 'LOG-TIME-1']],
    [/has seq .* seed must be contiguous|seq must strictly increase/, ['LOG-SEQ-1']],
    [/lacks provider\/model|invalid reasoningEffort|invalid adapterDefaults/, ['LOG-REQ-1']],
    [/lacks an identified message|must have role|message has invalid source|message has invalid content/, ['LOG-MSG-1']],
    [/must have model source/, ['LOG-MSG-2']],
    [/must have tool source|one tool-result block|mismatched tool call ids/, ['LOG-MSG-3']],
    [/not surface-eligible and cannot carry/, ['LOG-SURF-1']],
    [/requires a surfaceOp marker|invalid surfaceOp|invalid replace surfaceOp/, ['LOG-SURF-2']],
    [/surface replace: (start|end) seq|is after end seq/, ['LOG-SURF-3']],
    [/sourceEventSeqs (on event|must not be empty|must densely|must not contain duplicates|must reference earlier)/, ['LOG-SURF-4']],
    [/must include every shadowed surface node/, ['LOG-SURF-5']],
    [/tool\/result surface replacement (must rewrite|must target|may change only)/, ['LOG-SURF-6']],
    [/session header/, ['LOG-HDR-1', 'LOG-HDR-2']],
    [/^turn\/start/, ['LOG-TURN-1']],
    [/^turn\/end/, ['LOG-TURN-2']],
    [/^step\/start/, ['LOG-STEP-1']],
    [/^step\/end/, ['LOG-STEP-2']],
    [/^(assistant\/chunk|assistant\/message|tool\/call|tool\/result) names/, ['LOG-STEP-3']],
    [/replacement appended outside any open turn|appended outside any open turn \(core/, ['LOG-TURN-3']],
    [/with no prior tool\/call in this step/, ['LOG-TOOL-1']],
    [/must be a non-empty string/, ['LOG-CMP-1']],
    [/cannot cross an open/, ['LOG-CMP-6']],
    [/^compaction\/start/, ['LOG-CMP-2']],
    [/^compaction\/summary/, ['LOG-CMP-3']],
    [/^compaction checkpoint/, ['LOG-CMP-4']],
    [/^(compaction\/end|successful compaction\/end)/, ['LOG-CMP-5']],
  ];
  for (const [re, ids] of table) if (re.test(message)) return ids;
  return [];
}
