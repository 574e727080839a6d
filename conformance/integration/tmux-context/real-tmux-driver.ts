/**
 * Run tmux-context plugins once, for real: a real bash executor, real `ps`, real tmux (whatever
 * `$TMUX`/`$TMUX_PANE` this process has), one pre-step in the simulated host. Writes what each plugin
 * did as JSON. Used by `real-tmux.test.ts` both inside a tmux pane and from a process that merely
 * inherited the tmux environment. (Test support: excluded from the build.)
 *
 *   node --import tsx real-tmux-driver.ts <out.json> <plugin argument (path or package name)>...
 */
import { renameSync, writeFileSync } from 'node:fs';
import { SimulatedHost, VirtualClock } from '../../host/index.js';
import { ShellService } from '../../host/services/shell.js';
import { loadPlugin } from '../../loader/load-plugin.js';

const [out, ...pluginArgs] = process.argv.slice(2);
const results: Record<string, unknown> = {};
try {
  for (const pluginArg of pluginArgs) {
    const plugin = await loadPlugin(pluginArg, { source: 'tmux-context' });
    const shell = ShellService.real();
    const host = new SimulatedHost({
      plugin: plugin.factory,
      config: {},
      header: { type: 'session', version: 0, id: 'session-real-tmux', createdAt: Date.now(), cwd: process.cwd(), delegationDepth: 0 },
      services: { shell },
      clock: new VirtualClock(Date.now()),
    });
    host.load();
    host.enqueue('next-turn', { text: 'where am I?' });
    const outcome = await host.preStep();
    const readings = host.session.events
      .filter((e) => e.type === 'user/message' && (e.data as { source: { plugin?: string } }).source.plugin === 'tmux-context')
      .map((e) => (e.data as { content: Array<{ text: string }> }).content[0].text);
    results[pluginArg] = { outcome: outcome.kind, readings, warnings: host.warnings(), runs: shell.calls.filter((c) => c.phase === 'run').map((c) => c.outcome) };
    host.dispose();
  }
} catch (error) {
  results.error = String((error as Error)?.stack ?? error);
}
results.env = { TMUX: process.env.TMUX ?? null, TMUX_PANE: process.env.TMUX_PANE ?? null };
writeFileSync(`${out}.tmp`, JSON.stringify(results, null, 2));
renameSync(`${out}.tmp`, out);
