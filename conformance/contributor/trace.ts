import type { HostContext, PluginFactory } from '../host/index.js';

/**
 * Raw observations of what a plugin did at each pre-step, taken beside it in the process that runs it
 * (so, under the isolated runner, in the child): the downstream decision it got from `next()`, the
 * decision it returned (or what it threw), whether the signal was aborted, whether it changed durable
 * events, and which services it called or asked for without the host offering them. Only plain JSON
 * leaves this module; judging happens elsewhere (`judge.ts`), over these records.
 */

export type TracedDecision =
  | { kind: 'enter'; messages: unknown[] }
  | { kind: 'reject' }
  | { kind: 'threw'; name: string; message: string }
  /** Not a decision at all (the plugin returned something else). */
  | { kind: 'invalid'; value: string };

export interface PreStepRecord {
  turn: number;
  step: number;
  /** Aborted when the plugin's listener was entered. */
  abortedOnEntry: boolean;
  /** Aborted by the time the downstream decision arrived. */
  abortedAfterNext: boolean;
  /** What the (innermost) downstream returned, as JSON taken when it arrived; null if next() was never called. */
  downstream: TracedDecision | null;
  /** What the plugin's outermost listener returned. */
  returned: TracedDecision;
  /** Seqs of durable events the plugin changed during the pre-step (JSON differs from before). */
  mutatedSeqs: number[];
  /** Service calls made while this pre-step ran, with failures, e.g. `fs.streamText threw FS_NOT_FOUND`. */
  serviceFailures: string[];
}

export interface ExecutionTrace {
  preSteps: PreStepRecord[];
  /** Service method calls, `service.method` → count. */
  serviceCalls: Record<string, number>;
  /** Services (or ctx members) the plugin asked for that the host does not offer. */
  missingServices: string[];
}

export function toJson(value: unknown): unknown {
  try {
    return JSON.parse(JSON.stringify(value) ?? 'null');
  } catch (error) {
    return { unserialisable: (error as Error).message };
  }
}

function describeThrown(error: unknown): { kind: 'threw'; name: string; message: string } {
  if (error instanceof Error || (error && typeof error === 'object' && 'name' in error)) {
    const e = error as { name?: unknown; message?: unknown };
    return { kind: 'threw', name: String(e.name), message: String(e.message ?? '') };
  }
  return { kind: 'threw', name: 'NonError', message: String(error) };
}

/** A decision as plain JSON; messages keep a marker for members JSON would lose (CTX-SOURCE-4). */
function snapshot(decision: unknown): TracedDecision {
  if (decision && typeof decision === 'object') {
    const d = decision as { kind?: unknown; messages?: unknown };
    if (d.kind === 'reject') return { kind: 'reject' };
    if (d.kind === 'enter' && Array.isArray(d.messages)) return { kind: 'enter', messages: d.messages.map(snapshotMessage) };
  }
  let value: string;
  try {
    value = JSON.stringify(decision) ?? String(decision);
  } catch {
    value = String(decision);
  }
  return { kind: 'invalid', value };
}

/** JSON of a message, plus `$lossy` naming what JSON.stringify dropped or refused. */
function snapshotMessage(message: unknown): unknown {
  const lossy: string[] = [];
  const walk = (v: unknown, path: string, seen: Set<unknown>): void => {
    if (typeof v === 'function' || typeof v === 'symbol' || v === undefined) lossy.push(`${path} is ${typeof v}`);
    else if (typeof v === 'bigint') lossy.push(`${path} is a bigint`);
    else if (typeof v === 'number' && !Number.isFinite(v)) lossy.push(`${path} is ${v}`);
    else if (v && typeof v === 'object') {
      if (seen.has(v)) return void lossy.push(`${path} is a cycle`);
      const proto = Object.getPrototypeOf(v);
      if (!Array.isArray(v) && proto !== Object.prototype && proto !== null) lossy.push(`${path} is a ${proto?.constructor?.name ?? 'class'} instance`);
      seen.add(v);
      for (const [k, x] of Object.entries(v)) walk(x, Array.isArray(v) ? `${path}[${k}]` : `${path}.${k}`, seen);
      seen.delete(v);
    }
  };
  walk(message, 'message', new Set());
  const json = toJson(message);
  return lossy.length && json && typeof json === 'object' ? { ...(json as object), $lossy: lossy } : json;
}

const target_get = (ctx: HostContext, name: string): unknown => ctx.get(name);

/** Names a plugin may read from ctx that are not services. */
const CTX_MEMBERS = new Set(['on', 'get', 'logger', 'effect', 'reflect', 'dispose', 'isDisposed', 'logs', 'provided', 'then', 'constructor', 'toJSON']);

/**
 * A plugin factory whose instances run under observation. `next` gives the factory for each
 * instance (load and every restart): pass fresh module copies so a restart drops module state.
 */
export function tracePlugin(next: () => PluginFactory): { factory: PluginFactory; trace: ExecutionTrace } {
  const trace: ExecutionTrace = { preSteps: [], serviceCalls: {}, missingServices: [] };
  let active: { record: PreStepRecord; depth: number; maxLevel: number } | null = null;
  const missing = (name: string) => {
    if (!trace.missingServices.includes(name)) trace.missingServices.push(name);
  };
  const recordService = (name: string, service: unknown): unknown => {
    if (!service || typeof service !== 'object') return service;
    return new Proxy(service as object, {
      get(target, prop, receiver) {
        const value = Reflect.get(target, prop, receiver);
        if (typeof value !== 'function' || typeof prop !== 'string') return value;
        return (...args: unknown[]) => {
          const key = `${name}.${prop}`;
          trace.serviceCalls[key] = (trace.serviceCalls[key] ?? 0) + 1;
          const fail = (error: unknown) => {
            const t = describeThrown(error);
            active?.record.serviceFailures.push(`${key} threw ${t.name}: ${t.message}`);
            throw error;
          };
          try {
            const out = value.apply(target, args);
            return out instanceof Promise ? out.catch(fail) : out;
          } catch (error) {
            return fail(error);
          }
        };
      },
    });
  };
  const wrapListener = (fn: (...args: any[]) => unknown) =>
    async function tracedPreStep(this: unknown, payload: any, nextFn: () => Promise<unknown>) {
      const outermost = active === null;
      if (outermost) {
        const events: any[] = payload?.agent?.session?.events ?? [];
        active = {
          record: { turn: payload.turn, step: payload.step, abortedOnEntry: Boolean(payload.signal?.aborted), abortedAfterNext: false, downstream: null, returned: { kind: 'invalid', value: 'pending' }, mutatedSeqs: [], serviceFailures: [] },
          depth: 0,
          maxLevel: -1,
        };
        (active as any).before = events.map((e) => JSON.stringify(e));
      }
      const state = active!;
      const level = state.depth++;
      const wrappedNext = async () => {
        try {
          const decision = await nextFn();
          if (level >= state.maxLevel) {
            state.maxLevel = level;
            state.record.downstream = snapshot(decision);
            state.record.abortedAfterNext = Boolean(payload.signal?.aborted);
          }
          return decision;
        } catch (error) {
          if (level >= state.maxLevel) {
            state.maxLevel = level;
            state.record.downstream = describeThrown(error);
            state.record.abortedAfterNext = Boolean(payload.signal?.aborted);
          }
          throw error;
        }
      };
      let result: unknown;
      let thrown: unknown;
      let didThrow = false;
      try {
        result = await fn.call(this, payload, wrappedNext);
      } catch (error) {
        didThrow = true;
        thrown = error;
      }
      state.depth--;
      if (outermost) {
        state.record.returned = didThrow ? describeThrown(thrown) : snapshot(result);
        const before: string[] = (state as any).before;
        const events: any[] = payload?.agent?.session?.events ?? [];
        for (let i = 0; i < before.length; i++) if (JSON.stringify(events[i]) !== before[i]) state.record.mutatedSeqs.push(i);
        if (events.length < before.length) for (let i = events.length; i < before.length; i++) state.record.mutatedSeqs.push(i);
        trace.preSteps.push(state.record);
        active = null;
      }
      if (didThrow) throw thrown;
      return result;
    };
  const factory: PluginFactory = {
    instantiate(ctx: HostContext, config: unknown) {
      const offers = (name: string) => target_get(ctx, name) !== undefined;
      const proxy = new Proxy(ctx, {
        get(target, prop, receiver) {
          if (prop === 'on') {
            return (name: string, fn: (...args: any[]) => unknown, options?: unknown) => target.on(name, name === 'agent/pre-step' ? wrapListener(fn) : fn, options as never);
          }
          if (prop === 'get') {
            return (name: string) => {
              if (!offers(name)) missing(name);
              return recordService(name, target.get(name));
            };
          }
          if (typeof prop === 'string' && !CTX_MEMBERS.has(prop) && offers(prop)) return recordService(prop, target.get(prop));
          const value = Reflect.get(target, prop, target);
          if (value === undefined && typeof prop === 'string' && !CTX_MEMBERS.has(prop)) missing(prop);
          return typeof value === 'function' ? value.bind(target) : value;
        },
      });
      return next().instantiate(proxy, config);
    },
  };
  return { factory, trace };
}
