import type { SimulatedHost } from '../host/index.js';
import { describeError } from '../host/index.js';
import type { Action } from './schema.js';

/**
 * Surface actions: what a plugin publishes besides its pre-step listener — a service's methods
 * (`sessionReferenceResolver.listCandidates`, the Remote `candidates`), its module's library exports
 * (`encodeSessionReferenceUri`, `renderWorkspaceContext`, ...) and the names of the services it
 * provides. Each records one observation in `host.calls`, as plain JSON data (the plugin may run in
 * another process, so only data crosses back), judged like the log.
 */

export type CallObservation =
  | { call: string; result: unknown }
  | { call: string; returned: 'undefined' }
  | { call: string; error: { name: string; message: string; code?: string } }
  | { call: string; pending: true };

type SurfaceAction = Extract<Action, { do: 'service' | 'library' | 'provides' | 'inbox' }>;

/** JSON data only: a value that does not survive JSON (a function, a cycle) is described instead. */
export function asJsonData(value: unknown): unknown {
  try {
    const text = JSON.stringify(value);
    return text === undefined ? `(not JSON: ${typeof value})` : JSON.parse(text);
  } catch (error) {
    return `(not JSON: ${(error as Error).message})`;
  }
}

function substitute(value: unknown, host: SimulatedHost, signal: AbortSignal): unknown {
  if (Array.isArray(value)) return value.map((v) => substitute(v, host, signal));
  if (value && typeof value === 'object') {
    const o = value as Record<string, unknown>;
    if (o.$host === 'agent') return host.agent;
    if (o.$host === 'signal') return signal;
    if (o.$host === 'service' && typeof o.name === 'string') return host.service(o.name);
    return Object.fromEntries(Object.entries(o).map(([k, v]) => [k, substitute(v, host, signal)]));
  }
  return value;
}

async function observeCall(host: SimulatedHost, call: string, run: (signal: AbortSignal) => unknown, abort: { abortBefore?: boolean; abortWhenStalled?: boolean }): Promise<CallObservation> {
  const controller = new AbortController();
  if (abort.abortBefore) controller.abort(new Error('call aborted before it started'));
  let settled: CallObservation | undefined;
  const running = (async () => run(controller.signal))().then(
    (value) => (settled = value === undefined ? { call, returned: 'undefined' } : { call, result: asJsonData(value) }),
    (error) => (settled = { call, error: describeError(error) }),
  );
  await host.settle();
  if (settled === undefined && abort.abortWhenStalled) {
    controller.abort(new Error('call aborted while it was stalled'));
    await host.settle();
  }
  if (settled === undefined) {
    void running;
    return { call, pending: true };
  }
  return settled;
}

export async function performSurfaceAction(host: SimulatedHost, action: SurfaceAction, exports: Readonly<Record<string, unknown>> | undefined): Promise<void> {
  switch (action.do) {
    case 'provides':
      host.calls.push({ call: 'provides', result: [...host.ctx.provided.keys()].sort() });
      return;
    case 'service': {
      const method = action.remote ? `remoteExport${action.method.charAt(0).toUpperCase()}${action.method.slice(1)}` : action.method;
      const label = `service ${action.name}.${action.method}`;
      host.calls.push(
        await observeCall(
          host,
          label,
          (signal) => {
            const service = host.service(action.name) as Record<string, unknown> | undefined;
            if (service === undefined || service === null) throw new TypeError(`no service named ${action.name}`);
            const fn = service[method];
            if (typeof fn !== 'function') throw new TypeError(`service ${action.name} has no method ${method}`);
            return (fn as (...a: unknown[]) => unknown).apply(service, substitute(action.args, host, signal) as unknown[]);
          },
          action,
        ),
      );
      return;
    }
    case 'library':
      host.calls.push(
        await observeCall(
          host,
          `library ${action.export}`,
          (signal) => {
            const fn = exports?.[action.export];
            if (typeof fn !== 'function') throw new TypeError(`the plugin module exports no function ${action.export}`);
            return (fn as (...a: unknown[]) => unknown)(...(substitute(action.args, host, signal) as unknown[]));
          },
          action,
        ),
      );
      return;
    case 'inbox': {
      const change = action.change;
      if (change.op === 'push') host.enqueue(change.lane, change.message as never);
      else if (change.op === 'fail') host.agent.inbox.fail(change.method, change.message);
      else host.calls.push({ call: 'inbox', result: asJsonData({ nextStep: host.agent.inbox.nextStep, nextTurn: host.agent.inbox.nextTurn }) });
      return;
    }
  }
}
