import { Context } from '@deepseek-ai/cordis';
import { describe, expect, it } from 'vitest';
import { HostContext, ListenerRegistry } from '../host/context.js';
import { unwrapExports } from './dsh-rules.js';
import { PluginLoadError, pluginFromModule } from './from-module.js';
import { SHAPES, type Seen, type Shape } from './test-support/plugin-shapes.js';

/**
 * The differential proof of the loading rules: every shape in the corpus is loaded, with every config,
 * by the real `@deepseek-ai/cordis` registry (the version DSH rc.8 ships) and by the kit, and both must
 * agree on whether the plugin started, what config it received, whether it was constructed, and, when
 * it did not start, on the failure (the same ValidationError text; a refusal naming DSH's reason).
 * The loader's unwrapping step (`unwrapExports`) is applied on the cordis side too: it is the plugin
 * loader's rule, not the registry's.
 */

type Outcome =
  | { kind: 'started'; calls: Seen['calls'] }
  | { kind: 'pending' }
  | { kind: 'refused'; message: string }
  | { kind: 'failed'; name: string; message: string };

const SERVICES = { shell: { run() {} } };

async function viaCordis(shape: Shape, config: unknown): Promise<Outcome> {
  const seen: Seen = { calls: [] };
  const ctx = new Context();
  for (const [name, value] of Object.entries(SERVICES)) ctx.provide(name, value);
  // Quiet the registry's own error log: the failure is what we compare.
  (ctx as unknown as { logger: { error(): void } }).logger.error = () => {};
  const plugin = unwrapExports(shape.module(seen));
  let fiber: PromiseLike<unknown>;
  try {
    fiber = ctx.plugin(plugin as never, config as never);
  } catch (error) {
    return { kind: 'refused', message: (error as Error).message };
  }
  try {
    await fiber;
  } catch (error) {
    return { kind: 'failed', name: (error as Error).name, message: (error as Error).message };
  }
  return seen.calls.length ? { kind: 'started', calls: seen.calls } : { kind: 'pending' };
}

function viaKit(shape: Shape, config: unknown): Outcome {
  const seen: Seen = { calls: [] };
  let loaded;
  try {
    loaded = pluginFromModule(shape.module(seen), shape.name, shape.name, 'time-context');
  } catch (error) {
    if (!(error instanceof PluginLoadError)) throw error;
    return { kind: 'refused', message: error.message };
  }
  const registry = new ListenerRegistry();
  const ctx = new HostContext(registry, SERVICES);
  try {
    loaded.factory.instantiate(ctx, config);
  } catch (error) {
    return { kind: 'failed', name: (error as Error).name, message: (error as Error).message };
  }
  if (seen.calls.length) return { kind: 'started', calls: seen.calls };
  expect(registry.lookups.length, `${shape.name}: a plugin that did not start says which service it waits for`).toBeGreaterThan(0);
  return { kind: 'pending' };
}

/** cordis refuses some shapes only when it first validates config (no `~standard`): the kit refuses them up front. */
function agrees(cordis: Outcome, kit: Outcome): boolean {
  if (kit.kind === 'refused') {
    if (cordis.kind === 'refused') return kit.message.includes(cordis.message);
    return cordis.kind === 'failed' && cordis.message.includes("reading 'validate'") && kit.message.includes(cordis.message);
  }
  return JSON.stringify(cordis) === JSON.stringify(kit);
}

describe('the kit loads plugins exactly as DSH (cordis 4.0.4) does', () => {
  for (const shape of SHAPES) {
    for (const config of shape.configs ?? [{}]) {
      it(`${shape.name} with config ${JSON.stringify(config)}`, async () => {
        const cordis = await viaCordis(shape, config);
        const kit = viaKit(shape, config);
        expect(agrees(cordis, kit), `cordis: ${JSON.stringify(cordis)}\nkit:    ${JSON.stringify(kit)}`).toBe(true);
      });
    }
  }

  it('exercises every outcome class (the corpus is not all one kind)', async () => {
    const kinds = new Set<string>();
    for (const shape of SHAPES) for (const config of shape.configs ?? [{}]) kinds.add((await viaCordis(shape, config)).kind);
    expect([...kinds].sort()).toEqual(['failed', 'pending', 'refused', 'started']);
  });
});

describe('unwrapExports', () => {
  it('takes default, then the default of an __esModule build, and nothing else', () => {
    const plugin = { apply() {} };
    expect(unwrapExports({ default: plugin, apply() {} })).toBe(plugin);
    expect(unwrapExports({ default: { __esModule: true, default: plugin } })).toBe(plugin);
    const named = { __esModule: true, apply() {} };
    expect(unwrapExports({ default: named })).toBe(named);
    const ns = { apply() {}, default: null };
    expect(unwrapExports(ns)).toBe(ns);
    expect(unwrapExports(undefined)).toBe(undefined);
  });
});
