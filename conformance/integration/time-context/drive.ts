import type { SessionEvent } from '../../../invariants/log/types.js';
import { pluginFromModule, type LoadedPlugin } from '../../loader/load-plugin.js';
import { SimulatedHost, VirtualClock, type Downstream, type PreStepOutcome, type UserMessageInput } from '../../host/index.js';

/**
 * A tiny action language for driving a time-context plugin through the simulated host, so the same
 * session can be replayed against upstream, the reference and every mutant, and the results compared.
 * (Test support only: excluded from the build.)
 */

export const BASE = Date.parse('2026-07-14T00:00:00.000Z');

/** A user message; `zone` makes it a user-rpc prompt carrying `clientTimeZone` (`rpc:false` drops the rpcId). */
export interface PromptSpec {
  text?: string;
  zone?: string;
  rpc?: boolean;
}

export type Action =
  | { kind: 'prompt'; message: PromptSpec }
  | { kind: 'steer'; message: PromptSpec }
  | { kind: 'advance'; ms: number }
  | { kind: 'preStep'; downstream?: DownstreamSpec; abortBefore?: boolean }
  | { kind: 'assistant'; text?: string; toolCalls?: number }
  | { kind: 'request' }
  | { kind: 'endStep' }
  | { kind: 'endTurn' }
  | { kind: 'compact'; keepLast?: number }
  | { kind: 'restart' }
  /** Change the process time zone (the plugin must keep the one resolved at load). */
  | { kind: 'setTZ'; zone: string };

/** Downstream behaviour, with messages given as {@link PromptSpec}s. */
export type DownstreamSpec =
  | { kind: 'default' }
  | { kind: 'enter'; add?: PromptSpec[]; replaceClaimed?: PromptSpec[] }
  | { kind: 'reject' }
  | { kind: 'throw'; message: string }
  | { kind: 'abort' };

export interface Session {
  config?: unknown;
  /** Process zone at load. */
  tz: string;
  actions: Action[];
  /** Events already in the log when the plugin first loads. */
  initialEvents?: SessionEvent[];
}

export type StepResult =
  | { action: string; outcome?: PreStepOutcome | { kind: 'loaded' } | { kind: 'load-error'; error: { name: string; message: string } } }
  | { action: string; skipped: true };

export interface Trace {
  loadError: { name: string; message: string } | null;
  results: StepResult[];
  /** The final durable log (after restarts), ids normalised. */
  events: SessionEvent[];
}

let promptCounter = 0;

export function userMessage(prompt: PromptSpec): UserMessageInput {
  const source: Record<string, unknown> = { kind: 'user' };
  if (prompt.zone !== undefined) {
    if (prompt.rpc !== false) source.rpcId = `rpc-${++promptCounter}`;
    source.clientTimeZone = prompt.zone;
  }
  return { text: prompt.text ?? 'hello', source: source as UserMessageInput['source'] };
}

function toDownstream(downstream: DownstreamSpec | undefined): Downstream | undefined {
  if (downstream === undefined || downstream.kind !== 'enter') return downstream;
  return { kind: 'enter', add: downstream.add?.map(userMessage), replaceClaimed: downstream.replaceClaimed?.map(userMessage) };
}

/** Build a loaded plugin from an imported module (ours or upstream's). */
export function asPlugin(mod: Record<string, unknown>, label: string): LoadedPlugin {
  return pluginFromModule(mod, label, label, 'time-context');
}

export const header = (id = 'session-tc'): SessionHeaderLike => ({ type: 'session', version: 0, id, createdAt: BASE, cwd: '/proj', delegationDepth: 0 });
type SessionHeaderLike = { type: 'session'; version: number; id: string; createdAt: number; cwd: string; delegationDepth: number };

/** Run `session` against `plugin` in a fresh host; restores `TZ` and `Date.now` afterwards. */
export async function run(plugin: LoadedPlugin, session: Session): Promise<Trace> {
  const savedTZ = process.env.TZ;
  promptCounter = 0;
  const host = new SimulatedHost({
    plugin: plugin.factory,
    config: session.config,
    header: header(),
    initialEvents: session.initialEvents,
    clock: new VirtualClock(BASE),
    timeZone: session.tz,
  });
  const results: StepResult[] = [];
  try {
    const loaded = host.load();
    if (!loaded) return { loadError: host.loadError, results, events: normaliseIds(host.session.events) };
    for (const action of session.actions) results.push(await perform(host, action));
    return { loadError: null, results, events: normaliseIds(host.session.events) };
  } finally {
    host.dispose();
    if (savedTZ === undefined) delete process.env.TZ;
    else process.env.TZ = savedTZ;
  }
}

async function perform(host: SimulatedHost, action: Action): Promise<StepResult> {
  switch (action.kind) {
    case 'prompt':
      host.enqueue('next-turn', userMessage(action.message));
      return { action: action.kind };
    case 'steer':
      host.enqueue('next-step', userMessage(action.message));
      return { action: action.kind };
    case 'advance':
      host.clock.advance(action.ms);
      return { action: action.kind };
    case 'preStep':
      return { action: action.kind, outcome: await host.preStep({ downstream: toDownstream(action.downstream), abortBefore: action.abortBefore }) };
    case 'assistant':
    case 'request':
      // Only meaningful inside an open step; elsewhere the action is a no-op (random sessions need no care).
      if (host.openStep === null) return { action: action.kind, skipped: true };
      if (action.kind === 'request') host.request();
      else await host.assistant({ text: action.text ?? 'ok', toolCalls: Array.from({ length: action.toolCalls ?? 0 }, (_, i) => ({ name: 'read', arguments: { file_path: `/proj/f${i}` } })) });
      return { action: action.kind };
    case 'endStep':
      host.endStep();
      return { action: action.kind };
    case 'endTurn':
      host.endTurn();
      return { action: action.kind };
    case 'compact':
      host.compact({ keepLast: action.keepLast });
      return { action: action.kind };
    case 'restart': {
      const ok = host.restart();
      return { action: action.kind, outcome: ok ? { kind: 'loaded' } : { kind: 'load-error', error: host.loadError! } };
    }
    case 'setTZ':
      process.env.TZ = action.zone;
      return { action: action.kind };
  }
}

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g;

/** Replace random UUIDs (message and compaction ids) by stable placeholders, in order of appearance. */
export function normaliseIds<T>(value: T): T {
  const seen = new Map<string, string>();
  const json = JSON.stringify(value).replace(UUID, (id) => {
    let placeholder = seen.get(id);
    if (placeholder === undefined) {
      placeholder = `<id-${seen.size + 1}>`;
      seen.set(id, placeholder);
    }
    return placeholder;
  });
  return JSON.parse(json) as T;
}

/** The texts of the time-context readings in a log, in order. */
export function readings(events: readonly SessionEvent[]): string[] {
  return events.flatMap((e) => {
    const data = e.data as { source?: { kind?: string; plugin?: string }; content?: Array<{ text?: string }> };
    return e.type === 'user/message' && data.source?.kind === 'plugin' && data.source.plugin === 'time-context' ? [String(data.content?.[0]?.text)] : [];
  });
}
