import { Config, apply as referenceApply } from '../../../../reference/agent-instructions/index.js';

/**
 * A mutant made by changing what the reference sees of its context (`ctx`): a listener wrapped, an
 * effect that is never disposed, a logger that drops a warning. It models bugs in how a plugin uses
 * the host surface (which tools count, which signal it trusts, what it does on disposal) without a
 * seam in the reference for each of them.
 */
type Ctx = Parameters<typeof referenceApply>[0];
type Listener = (...args: any[]) => unknown;

export interface CtxChanges {
  /** Replace a listener the plugin registers for `event`. */
  listener?(event: string, fn: Listener): Listener;
  effect?(fn: () => unknown): () => void;
  warn?(warn: (...args: unknown[]) => void): (...args: unknown[]) => void;
}

export function wrapped(changes: CtxChanges): { name: string; Config: typeof Config; apply: typeof referenceApply } {
  return {
    name: 'agent-instructions',
    Config,
    apply(ctx: Ctx, config: Parameters<typeof referenceApply>[1]) {
      const host = ctx as unknown as { on: (n: string, f: Listener, o?: unknown) => () => void; effect: (f: () => unknown) => () => void; logger: { warn: (...a: unknown[]) => void } };
      const overrides: PropertyDescriptorMap = {
        on: { value: (name: string, fn: Listener, options?: unknown) => host.on(name, changes.listener ? changes.listener(name, fn) : fn, options) },
      };
      if (changes.effect) overrides.effect = { value: changes.effect };
      if (changes.warn) overrides.logger = { value: { ...host.logger, warn: changes.warn(host.logger.warn) } };
      return referenceApply(Object.create(ctx as object, overrides) as Ctx, config);
    },
  };
}
