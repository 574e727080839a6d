import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PluginLoadError, loadPlugin } from './load-plugin.js';

const root = join(import.meta.dirname, '..', '..');

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
});
