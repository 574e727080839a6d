import { format } from 'node:util';

/**
 * The plugin context (`ctx`) of the simulated host: exactly the Cordis surface the published context
 * plugins touch (see research "Host-surface members"): `on` (with `prepend`), `get(name)` for optional
 * services, services as properties (`ctx.sessionQuery`), `logger`, `effect`, and `reflect.provide`
 * for Service classes. Everything a plugin registers is recorded so `dispose()` can undo it, as
 * disposing a Cordis fiber does.
 */

export type Listener = (...args: any[]) => unknown;

export interface ListenerEntry {
  name: string;
  fn: Listener;
  prepend: boolean;
  owner: HostContext;
}

/**
 * A service the plugin asked for that the host does not offer: through `ctx.get(name)` (it then gets
 * `undefined`) or through `inject` (DSH then never starts it). Recorded so a failure can say what the
 * plugin was looking for, and which services the host does offer.
 */
export interface ServiceLookup {
  name: string;
  via: 'get' | 'inject';
  /** The services the host offered at the time, sorted. */
  offered: string[];
}

/**
 * Services every simulated host offers whatever the fixture sets up: `agents`, the agent registry whose
 * events (`agent/pre-step`, `session/event`, `tools/result`) the host dispatches. Published sources
 * declare `inject: ['agents']` for it; it is offered as an event source, so `ctx.get('agents')` is
 * `undefined` here.
 */
export const HOST_SERVICES: readonly string[] = ['agents'];

/** Event listeners shared by every plugin context of one host (one Cordis app). */
export class ListenerRegistry {
  private readonly entries: ListenerEntry[] = [];
  /** Lookups of services the host does not offer, across restarts, each (name, via) once. */
  readonly lookups: ServiceLookup[] = [];

  add(entry: ListenerEntry): () => void {
    if (entry.prepend) this.entries.unshift(entry);
    else this.entries.push(entry);
    return () => {
      const i = this.entries.indexOf(entry);
      if (i >= 0) this.entries.splice(i, 1);
    };
  }

  /** Listeners of one event, outermost first. */
  of(name: string): Listener[] {
    return this.entries.filter((e) => e.name === name).map((e) => e.fn);
  }

  count(name?: string): number {
    return name === undefined ? this.entries.length : this.entries.filter((e) => e.name === name).length;
  }
}

/**
 * Events the host emits without an outcome to record a failure in (cordis `emit` does not catch): a
 * throw from one of these listeners breaks the host contract, which spec/verdicts.md calls an `error`.
 */
const EVENTS_WITHOUT_OUTCOME = new Set(['session/event', 'tools/result']);

/** A plugin's listener threw where the host defines no outcome (the runner reports an `error`). */
export class PluginCrash extends Error {
  override readonly name = 'PluginCrash';
  constructor(
    readonly event: string,
    readonly thrown: unknown,
  ) {
    super(`the plugin threw from its ${event} listener, where the host defines no outcome: ${thrown instanceof Error ? `${thrown.name}: ${thrown.message}` : String(thrown)}`);
  }
}

export interface CapturedLog {
  level: 'warn' | 'info' | 'error' | 'debug';
  message: string;
}

export class HostContext {
  readonly logs: CapturedLog[] = [];
  readonly provided = new Map<string, unknown>();
  private readonly disposers: Array<() => void> = [];
  private disposed = false;
  readonly logger = {
    warn: (...args: unknown[]) => this.log('warn', args),
    info: (...args: unknown[]) => this.log('info', args),
    error: (...args: unknown[]) => this.log('error', args),
    debug: (...args: unknown[]) => this.log('debug', args),
  };
  readonly reflect = {
    provide: (name: string, value: unknown) => {
      this.provided.set(name, value);
    },
  };

  constructor(
    private readonly registry: ListenerRegistry,
    private readonly services: Record<string, unknown>,
  ) {
    // Services are visible as properties too (`ctx.sessionQuery`), like injected Cordis services.
    for (const [name, service] of Object.entries(services)) {
      Object.defineProperty(this, name, { value: service, enumerable: false, configurable: true });
    }
  }

  private log(level: CapturedLog['level'], args: unknown[]): void {
    this.logs.push({ level, message: format(...(args as [unknown, ...unknown[]])) });
  }

  on(name: string, fn: Listener, options?: { prepend?: boolean; global?: boolean } | boolean): () => void {
    const prepend = typeof options === 'boolean' ? options : Boolean(options?.prepend);
    const listener: Listener = EVENTS_WITHOUT_OUTCOME.has(name)
      ? function (this: unknown, ...args: unknown[]) {
          try {
            return fn.apply(this, args);
          } catch (error) {
            throw new PluginCrash(name, error);
          }
        }
      : fn;
    const remove = this.registry.add({ name, fn: listener, prepend, owner: this });
    this.disposers.push(remove);
    return remove;
  }

  get(name: string): unknown {
    if (!this.offers(name)) this.recordLookup(name, 'get');
    return this.services[name];
  }

  /** Whether this host offers a service by that name (fixture services plus {@link HOST_SERVICES}). */
  offers(name: string): boolean {
    return Object.hasOwn(this.services, name) || HOST_SERVICES.includes(name);
  }

  /** Record a lookup of a service the host does not offer (the loader records `inject` ones). */
  recordLookup(name: string, via: ServiceLookup['via']): void {
    if (this.registry.lookups.some((l) => l.name === name && l.via === via)) return;
    this.registry.lookups.push({ name, via, offered: [...new Set([...Object.keys(this.services), ...HOST_SERVICES])].sort() });
  }

  effect(fn: () => unknown, _label?: string): () => void {
    const result = fn();
    const dispose = typeof result === 'function' ? (result as () => void) : () => {};
    this.disposers.push(dispose);
    return dispose;
  }

  /** Dispose the plugin's fiber: remove its listeners and run its effects' disposers. */
  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    for (const d of this.disposers.splice(0).reverse()) d();
  }

  get isDisposed(): boolean {
    return this.disposed;
  }
}
