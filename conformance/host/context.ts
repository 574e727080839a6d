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

/** Event listeners shared by every plugin context of one host (one Cordis app). */
export class ListenerRegistry {
  private readonly entries: ListenerEntry[] = [];

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
    const remove = this.registry.add({ name, fn, prepend, owner: this });
    this.disposers.push(remove);
    return remove;
  }

  get(name: string): unknown {
    return this.services[name];
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
