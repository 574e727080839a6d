/**
 * A service adapter turns one environment section of a fixture (`env.tmux`, `env.workspace`,
 * `env.sessions`) into host services, applies `{do:'env'}` changes to it, and reports observations
 * (commands run, fs calls, ...) that fixtures compare. Each source engineer owns the adapter for the
 * services only their source uses; the runner knows adapters only through this interface.
 */
export interface ServiceAdapter {
  /** Services exposed to the plugin, by name (`shell`, `fs`, `sessionQuery`). */
  readonly services: Record<string, unknown>;
  /** Apply a `{do:'env', section, change}` action. */
  change?(change: unknown): void | Promise<void>;
  /** JSON-serialisable observations compared with `expect.observations[section]`. */
  observe?(): unknown;
  dispose?(): void | Promise<void>;
}

export interface AdapterContext {
  /** `virtual` (default) or `real` (a real temp directory, real tmux, ...), where the adapter supports it. */
  mode: 'virtual' | 'real';
}

/** Build the adapter of one environment section (`section`: the value of `env.<name>`, validated by the adapter). */
export type AdapterFactory = (section: unknown, context: AdapterContext) => ServiceAdapter | Promise<ServiceAdapter>;
