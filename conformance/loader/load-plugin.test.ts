import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { judgeFixture } from '../runner/judge-fixture.js';
import type { ScenarioFixture } from '../scenario/schema.js';
import { readAllFixtures } from '../scenario/store.js';
import { PluginLoadError, loadPlugin } from './load-plugin.js';

const root = join(import.meta.dirname, '..', '..');
const testPlugin = (file: string) => join(import.meta.dirname, 'test-plugins', file);
const scenarios = readAllFixtures(join(import.meta.dirname, '..', 'fixtures'))
  .map((s) => s.fixture)
  .filter((f): f is ScenarioFixture => f.kind === 'scenario');

describe('loadPlugin', () => {
  it('takes an existing relative path without ./ as a path', async () => {
    const plugin = await loadPlugin('conformance/runner/test-plugins/silent.cjs', { cwd: root });
    expect(plugin).toMatchObject({ source: 'time-context', shape: 'namespace' });
  });

  it('loads installed packages by name, namespace and Service shapes', async () => {
    expect(await loadPlugin('@deepseek-ai/dsh-tmux-context', { cwd: root })).toMatchObject({ source: 'tmux-context', shape: 'namespace', label: '@deepseek-ai/dsh-tmux-context@0.1.0-rc.8' });
    expect(await loadPlugin('@deepseek-ai/dsh-session-reference', { cwd: root })).toMatchObject({ source: 'session-reference', shape: 'service' });
  });

  it('says what it looked for when nothing matches', async () => {
    await expect(loadPlugin('no-such-plugin-anywhere', { cwd: root })).rejects.toThrow(PluginLoadError);
    await expect(loadPlugin('no-such-plugin-anywhere', { cwd: root })).rejects.toThrow(/not a path and not an installed package/);
  });

  it("refuses a bare-function Config the way DSH does, with DSH's reason", async () => {
    await expect(loadPlugin(testPlugin('bare-function-config.mjs'))).rejects.toThrow(/without the Standard Schema interface.*Cannot read properties of undefined \(reading 'validate'\)/);
  });

  it('refuses a module whose Service class is only a named export (DSH takes default or the module)', async () => {
    await expect(loadPlugin(testPlugin('named-class-only.mjs'))).rejects.toThrow(/invalid plugin, expect function or object with an "apply" method, received object.*exports: SessionReferenceError, SessionReferenceResolver/);
  });

  it('unwraps a CommonJS build marked __esModule', async () => {
    expect(await loadPlugin(testPlugin('esmodule-build.cjs'))).toMatchObject({ source: 'tmux-context', shape: 'namespace' });
  });

  it('reports a plugin that is none of the four sources as a contributor instead of throwing', async () => {
    expect(await loadPlugin(testPlugin('memory-notes.mjs'))).toMatchObject({ source: 'contributor', warnings: [] });
  });

  it('keeps a --source that contradicts the plugin, with a warning', async () => {
    const plugin = await loadPlugin('@deepseek-ai/dsh-tmux-context', { cwd: root, source: 'time-context' });
    expect(plugin.source).toBe('time-context');
    expect(plugin.warnings).toEqual([expect.stringMatching(/--source time-context contradicts the plugin, which declares itself tmux-context/)]);
  });
});

describe('judging the older published builds', () => {
  it("names the service tmux-context 0.0.1-rc.1 looks for (bash) and the ones the host offers", async () => {
    const plugin = await loadPlugin('dsh-tmux-context-0.0.1-rc.1', { cwd: root, source: 'tmux-context' });
    const withShell = scenarios.filter((f) => f.source === 'tmux-context' && f.env.tmux !== undefined && f.revisions.includes('2026-08'));
    const verdicts = await Promise.all(withShell.slice(0, 10).map((f) => judgeFixture(plugin.factory, f, '2026-08')));
    const failed = verdicts.filter((v) => v.status !== 'pass');
    expect(failed.length).toBeGreaterThan(0);
    for (const v of failed) expect(v.warnings).toEqual([expect.stringMatching(/looked up service "bash" with ctx\.get\(\), which this host does not offer \(it offers: agents, shell\)/)]);
  });

  it('judges rc.8 under --spec 2026-07 as fail (a turn failure the revision does not expect), never error', async () => {
    const plugin = await loadPlugin('@deepseek-ai/dsh-time-context', { cwd: root, source: 'time-context' });
    const old = scenarios.filter((f) => f.source === 'time-context' && f.revisions.includes('2026-07'));
    const verdicts = [];
    for (const f of old) verdicts.push(await judgeFixture(plugin.factory, f, '2026-07'));
    expect(verdicts.filter((v) => v.status === 'error')).toEqual([]);
    const turnFailures = verdicts.filter((v) => v.status === 'fail' && /got a failed turn .*TypeError: browser time zone/.test(v.message));
    expect(turnFailures.length).toBeGreaterThan(0);
    expect(turnFailures[0].diff).toBeDefined();
  });
});
