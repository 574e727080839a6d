import * as compactionInvariant from '@deepseek-ai/dsh-compaction/invariant';
import * as sessionInvariant from '@deepseek-ai/dsh-session/invariant';

/**
 * The dsh-session and dsh-compaction invariant companions, driven without a DSH host (as in
 * research/upstream-real-run.md §4): capture each installer through a fake `ctx.invariants.register`,
 * then install it into a fake ctx whose `sessions.list()` returns the session — which replays the log.
 */
type Installer = (ctx: unknown, fail: (message: string) => never) => void;

export async function upstreamCompanions(): Promise<(id: string, events: readonly unknown[]) => void> {
  const installers: Installer[] = [];
  for (const mod of [sessionInvariant, compactionInvariant] as unknown as Array<{ apply: (ctx: unknown) => unknown }>) {
    await mod.apply({ invariants: { register: (_pkg: string, install: Installer) => (installers.push(install), () => {}) } });
  }
  return (id, events) => {
    const ctx = { sessions: { list: () => [{ id, events }] }, on: () => () => {} };
    for (const install of installers) {
      install(ctx, (message) => {
        throw new Error(`upstream invariant: ${message}`);
      });
    }
  };
}
