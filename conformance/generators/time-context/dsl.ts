import type { z } from 'zod';
import type { ScenarioActual } from '../../scenario/execute.js';
import type { ScenarioDraft } from '../../scenario/draft.js';
import type { Action, Downstream, UserMessageSpec } from '../../scenario/schema.js';
import type { SpecRevision } from '../../../spec/revisions.js';

/**
 * The small DSL the time-context scenarios are written in: prompts, clock moves, pre-steps with
 * downstream decisions, the two action runs most scenarios repeat (`turn`, a completed turn, and
 * `nextStep`, a tool-calling step followed by the next pre-step), the reading texts a scenario pins,
 * and `draft` (a scenario in the fixture's draft shape). Message ids come from a counter that
 * `resetIds()` restarts, so a run of the generator always writes the same ids.
 */
export const BASE = Date.parse('2026-07-14T00:00:00.000Z');
export const header = { type: 'session' as const, version: 0, id: 'session-time-context', createdAt: BASE, cwd: '/proj', delegationDepth: 0 };

export type ActionIn = z.input<typeof Action>;
export type MessageIn = z.input<typeof UserMessageSpec>;

let rpc = 0;
export function resetIds(): void {
  rpc = 0;
}
/** A prompt; with `zone` it is a user-rpc prompt carrying the browser's `clientTimeZone`. */
export const msg = (text: string, zone?: string, options: { rpc?: boolean } = {}): MessageIn => ({
  text,
  id: `00000000-0000-4000-8000-${String(++rpc).padStart(12, '0')}`,
  source: zone === undefined ? { kind: 'user' } : options.rpc === false ? { kind: 'user', clientTimeZone: zone } : { kind: 'user', rpcId: `rpc-${rpc}`, clientTimeZone: zone },
});
export const prompt = (text: string, zone?: string, options?: { rpc?: boolean }): ActionIn => ({ do: 'prompt', message: msg(text, zone, options) });
export const steer = (text: string, zone?: string): ActionIn => ({ do: 'prompt', lane: 'next-step', message: msg(text, zone) });
export const clock = (advance: number): ActionIn => ({ do: 'clock', advance });
export const preStep = (downstream?: z.input<typeof Downstream>, abortBefore?: boolean): ActionIn => ({ do: 'pre-step', ...(downstream ? { downstream } : {}), ...(abortBefore ? { abortBefore } : {}) });
export const request: ActionIn = { do: 'request' };
export const assistant = (text = 'ok', tools = 0): ActionIn => ({
  do: 'assistant',
  text,
  toolCalls: Array.from({ length: tools }, (_, i) => ({ name: 'read', arguments: { file_path: `/proj/f${i}` }, result: 'contents' })),
});
export const turnEnd: ActionIn = { do: 'turn-end' };
export const restart: ActionIn = { do: 'restart' };
export const compact = (keepLast = 0): ActionIn => ({ do: 'compact', keepLast });
/** A completed one-step turn: the prompt (zoned with `zone`), its pre-step, the request, a plain reply, the turn end. */
export const turn = (text: string, reply = 'a', zone?: string): ActionIn[] => [prompt(text, zone), preStep(), request, assistant(reply), turnEnd];
/** A step that ends in tool calls, the clock moving by `advance`, and the next step's pre-step. */
export const nextStep = (reply: string, advance: number, tools = 1): ActionIn[] => [request, assistant(reply, tools), clock(advance), preStep()];

/** Texts of the readings in a log. */
export function readingTexts(log: readonly unknown[]): string[] {
  return log.flatMap((e) => {
    const ev = e as { type: string; data: { source?: { kind?: string; plugin?: string }; content?: Array<{ text?: string }> } };
    return ev.type === 'user/message' && ev.data.source?.kind === 'plugin' && ev.data.source.plugin === 'time-context' ? [String(ev.data.content?.[0]?.text)] : [];
  });
}

export const UNAVAILABLE = 'Browser time zone for this request: unavailable. Ask the user to clarify otherwise-unqualified dates and times.';
export const resolved = (zone: string) => `Browser time zone for this request: ${zone}. Interpret otherwise-unqualified dates and times in this zone.`;
export const mixed = (zones: string[]) => `Browser time zone for this request: mixed ${JSON.stringify(zones)}. Ask the user to clarify otherwise-unqualified dates and times.`;
export const reading = (turn: number, step: number, timestamp: string, policy: string | null, elapsed: string): string =>
  [`Time sampled while preparing turn ${turn}, step ${step}: ${timestamp}`, ...(policy === null ? [] : [policy]), `Elapsed since the preceding ${step === 1 ? 'model-visible message' : 'step context'}: ${elapsed}.`].join('\n');

/** A check that the reference's readings are exactly `texts`. */
export const readingsAre =
  (...texts: string[]) =>
  (actual: ScenarioActual): void => {
    const got = readingTexts(actual.log);
    if (JSON.stringify(got) !== JSON.stringify(texts)) throw new Error(`expected readings ${JSON.stringify(texts)}, the reference wrote ${JSON.stringify(got)}`);
  };
export const readingsMatch =
  (...patterns: RegExp[]) =>
  (actual: ScenarioActual): void => {
    const got = readingTexts(actual.log);
    if (got.length !== patterns.length || !patterns.every((p, i) => p.test(got[i]))) throw new Error(`expected readings matching ${patterns.join(', ')}, the reference wrote ${JSON.stringify(got)}`);
  };

export interface Spec {
  category: ScenarioDraft['category'];
  title: string;
  rules: string[];
  revisions?: SpecRevision[];
  config?: Record<string, unknown>;
  tz?: string | null;
  actions: ActionIn[];
  check?: (actual: ScenarioActual) => void;
  expectOutcomes?: ScenarioDraft['expectOutcomes'];
}

export const draft = (s: Spec): ScenarioDraft => ({
  source: 'time-context',
  category: s.category,
  title: s.title,
  rules: s.rules,
  revisions: s.revisions ?? ['2026-08'],
  config: s.config,
  env: { clock: BASE, tz: s.tz === undefined ? 'UTC' : s.tz, header },
  actions: s.actions,
  check: s.check,
  expectOutcomes: s.expectOutcomes,
  provenance: { generator: 'time-context' },
});

export const loaded = { kind: 'loaded' as const };
export const enter = (turn: number, step: number, appended: number) => ({ kind: 'enter' as const, turn, step, appended });
