/**
 * The isolated side of a plugin run: a process under Node's permission model that holds the
 * simulated host and one plugin, and nothing of the suite. It receives a fixture's inputs (never
 * its expectation), runs them, and sends back the raw observations; the parent judges them. Plugin
 * code that patches globals, the channel or this file's handlers can only change what it reports
 * about its own behaviour, which is exactly what is being judged.
 */
import { randomUUID } from 'node:crypto';
import { Socket } from 'node:net';
import { onPluginError } from '../host/index.js';
import { setStubBashRunner, type ShellRunResult } from '../host/services/shell.js';
import type { LoadedPlugin } from '../loader/load-plugin.js';
import { executeScenario } from '../scenario/execute.js';
import { executeTraced, type CopyLoader } from '../contributor/executor.js';
import { PluginCrash } from '../host/context.js';
import { endMarker } from './output-capture.js';
import { loadPluginArg } from './plugin-arg.js';
import type { ChildMessage, ParentMessage } from './protocol.js';

// Captured before any plugin code runs, so a plugin replacing them changes nothing here.
const stringify = JSON.stringify;
const parse = JSON.parse;
const writeOut = process.stdout.write.bind(process.stdout);
const writeErr = process.stderr.write.bind(process.stderr);

lockSignals();

const channel = new Socket({ fd: 3, readable: true, writable: true });
let plugin: LoadedPlugin | undefined;
const shellWaiters = new Map<string, (result: ShellRunResult) => void>();
/** Operations the permission model refused during the current request. */
let denied: Array<{ permission: string; resource: string }> = [];

function noteDenial(error: unknown): void {
  const e = error as { code?: unknown; permission?: unknown; resource?: unknown };
  if (e && typeof e === 'object' && e.code === 'ERR_ACCESS_DENIED' && denied.length < 100) {
    denied.push({ permission: String(e.permission ?? 'unknown'), resource: String(e.resource ?? '(unspecified)').slice(0, 4096) });
  }
}

function send(message: ChildMessage): void {
  channel.write(stringify(message, (_k, v: unknown) => (v === undefined ? undefined : v)) + '\n');
}

/** Errors carry their stack (with --enable-source-maps, mapped into the plugin's own sources). */
function report(error: unknown): { message: string; stack?: string } {
  noteDenial(error);
  const e = error as { code?: unknown; permission?: unknown; resource?: unknown };
  if (error instanceof Error && e.code === 'ERR_ACCESS_DENIED') {
    return { message: `${error.name}: ${error.message} (the conformance sandbox denied ${String(e.permission ?? 'an operation')}${e.resource ? ` on ${String(e.resource)}` : ''})`, ...(typeof error.stack === 'string' ? { stack: error.stack } : {}) };
  }
  if (error instanceof Error) return { message: `${error.name}: ${error.message}`, ...(typeof error.stack === 'string' ? { stack: error.stack } : {}) };
  return { message: `a non-Error value was thrown: ${String(error)}` };
}

/** Write the end-of-request markers once what the plugin printed so far has been queued. */
function endOutput(id: string): Promise<void> {
  return new Promise((resolve) => {
    let pending = 2;
    const one = () => --pending === 0 && resolve();
    writeOut(endMarker(id), one);
    writeErr(endMarker(id), one);
  });
}

setStubBashRunner(
  (command, env) =>
    new Promise((resolve) => {
      const id = randomUUID();
      shellWaiters.set(id, resolve);
      send({ type: 'shell', id, command, env });
    }),
);

// An author debugging a crash wants the stack, not just the message the host records. Errors the
// host raises itself (an aborted submission) have no frame outside the kit and are not printed.
const kitDist = new URL('../../', import.meta.url).href;
const kitDistPath = new URL('../../', import.meta.url).pathname;
onPluginError((error) => {
  noteDenial(error);
  if (!(error instanceof Error) || typeof error.stack !== 'string') return;
  const frames = error.stack.split('\n').filter((l) => /^\s+at /.test(l));
  const foreign = frames.some((l) => !l.includes(kitDist) && !l.includes(kitDistPath) && !/\(node:|at node:|<anonymous>/.test(l));
  if (foreign) writeErr(`${error.stack}\n`);
});

async function handle(message: ParentMessage): Promise<void> {
  switch (message.type) {
    case 'load':
      try {
        plugin = await loadPluginArg(message.plugin, message.revision);
        await endOutput(message.id);
        send({ type: 'loaded', id: message.id, label: plugin.label, source: plugin.source, shape: plugin.shape, ...(plugin.name ? { name: plugin.name } : {}), warnings: plugin.warnings });
        loadRequest = message;
      } catch (error) {
        await endOutput(message.id);
        send({ type: 'load-failed', id: message.id, error: report(error) });
      }
      return;
    case 'execute':
      denied = [];
      try {
        if (!plugin) throw new Error('no plugin loaded');
        const traced = message.traced ? await executeTraced(copyLoader(), message.inputs) : undefined;
        const actual = traced ?? (await executeScenario(plugin.factory, message.inputs));
        await endOutput(message.id);
        send({ type: 'executed', id: message.id, ...(traced ? { trace: traced.trace as unknown as { preSteps: Array<Record<string, unknown>>; serviceCalls: Record<string, number>; missingServices: string[] } } : {}), actual: { outcomes: actual.outcomes, rawLog: actual.rawLog as unknown as Array<{ type: string; seq: number; time: number; data: unknown }>, header: actual.header, warnings: actual.warnings, observations: actual.observations, ...(actual.lookups?.length ? { lookups: actual.lookups } : {}) }, denied });
      } catch (error) {
        await endOutput(message.id);
        const reported = report(error);
        // A plugin crash where no outcome is defined is the plugin's `error`; anything else is the kit's (spec/verdicts.md).
        const kitFailure = !(error instanceof PluginCrash) && !(error as { code?: unknown })?.code;
        send({ type: 'execute-failed', id: message.id, error: reported, denied, ...(kitFailure ? { kitFailure } : {}) });
      }
      return;
    case 'shell-result': {
      const waiter = shellWaiters.get(message.id);
      shellWaiters.delete(message.id);
      waiter?.(message.result as ShellRunResult);
      return;
    }
  }
}

/** Fresh module copies of the loaded plugin, one per instance (a restart is a new process in DSH). */
let loadRequest: Extract<ParentMessage, { type: 'load' }> | undefined;
function copyLoader(): CopyLoader {
  const request = loadRequest!;
  return async (copy) => (await loadPluginArg(request.plugin, request.revision, copy)).factory;
}

let pending = '';
channel.on('data', (chunk: Buffer) => {
  pending += chunk.toString('utf8');
  for (let nl = pending.indexOf('\n'); nl !== -1; nl = pending.indexOf('\n')) {
    const line = pending.slice(0, nl);
    pending = pending.slice(nl + 1);
    void handle(parse(line) as ParentMessage);
  }
});
// The parent went away: nothing left to do.
channel.on('end', () => process.exit(0));
channel.on('error', () => process.exit(0));
send({ type: 'ready' });

/**
 * Node 20's permission model does not cover signals. A plugin's `process.kill(process.ppid)` would
 * end the kit, so `process.kill` and the binding behind it only accept this process itself, and
 * cannot be put back (`process.binding` is refused under the permission model).
 */
function lockSignals(): void {
  const self = process.pid;
  const proc = process as unknown as { _kill: (pid: number, signal: number) => number };
  const rawKill = proc._kill.bind(process);
  const guard = (pid: number, signal: number): number => {
    if (Number(pid) !== self) {
      throw Object.assign(new Error(`dsh-ctx-conform: signalling another process (pid ${pid}) is not allowed in the conformance sandbox`), { code: 'ERR_ACCESS_DENIED' });
    }
    return rawKill(pid, signal);
  };
  Object.defineProperty(process, '_kill', { value: guard, writable: false, configurable: false });
  const kill = process.kill.bind(process);
  Object.defineProperty(process, 'kill', {
    value: (pid: number, signal?: string | number) => {
      if (Number(pid) !== self) guard(pid, 0);
      return kill(pid, signal);
    },
    writable: false,
    configurable: false,
  });
}
