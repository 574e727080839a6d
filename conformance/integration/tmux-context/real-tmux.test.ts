import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderReading, renderState, type TmuxLocation } from '../../../reference/tmux-context/location.js';

/**
 * Integration with a real tmux: a private server (`tmux -L <unique> -f /dev/null`) runs a node process
 * inside a pane that loads the reference (and the published package, and the trust-environment
 * mutant) with a real bash executor; each must read the real session, window, pane and layout. Then a
 * process outside the pane that only inherited `TMUX`/`TMUX_PANE` runs the same plugins: the reference
 * and the published package read nothing, the mutant is fooled. The server is killed in afterAll, even
 * when a test fails.
 */

const root = resolve(import.meta.dirname, '..', '..', '..');
const driver = join(import.meta.dirname, 'real-tmux-driver.ts');
const PLUGINS = [join(root, 'reference', 'tmux-context', 'index.ts'), '@deepseek-ai/dsh-tmux-context', join(root, 'conformance', 'mutants', 'tmux-context', 'trust-environment.ts')];
const [REFERENCE, UPSTREAM, TRUSTING] = PLUGINS;
const socket = `dsh-ctx-conform-${process.pid}-${randomBytes(4).toString('hex')}`;
const work = mkdtempSync(join(tmpdir(), 'dsh-real-tmux-'));
const FIELDS = ['session_name', 'window_index', 'window_name', 'pane_index', 'pane_id', 'window_active', 'pane_active', 'window_layout'];

function tmux(...args: string[]): string {
  const r = spawnSync('tmux', ['-L', socket, '-f', '/dev/null', ...args], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`tmux ${args.join(' ')} failed (${r.status}): ${r.stderr}`);
  return r.stdout;
}

/** Wait for the driver's output file (a bounded wait for a result, not a timing assertion). */
async function waitForFile(file: string, what: string): Promise<any> {
  for (let i = 0; i < 600 && !existsSync(file); i++) await new Promise((r) => setTimeout(r, 100));
  if (!existsSync(file)) throw new Error(`${what}: the driver wrote nothing to ${file}; pane output: ${safeCapture()}`);
  return JSON.parse(readFileSync(file, 'utf8'));
}

function safeCapture(): string {
  try {
    return tmux('capture-pane', '-p', '-t', 'conform');
  } catch (error) {
    return String(error);
  }
}

const nodeCommand = (out: string) => [process.execPath, '--import', 'tsx', driver, out, ...PLUGINS].map((a) => `'${a.replace(/'/g, `'\\''`)}'`).join(' ');

let paneId = '';
let inPane: any;

beforeAll(async () => {
  const version = spawnSync('tmux', ['-V'], { encoding: 'utf8' });
  if (version.error || version.status !== 0) {
    throw new Error(`Not testable: tmux is not installed (tmux -V: ${version.error?.message ?? version.stderr}); CI installs it from Debian`);
  }
  const out = join(work, 'in-pane.json');
  // The pane runs the driver, then stays alive so its fields can be read from outside.
  tmux('new-session', '-d', '-s', 'conform', '-n', 'work "bench"', '-x', '132', '-y', '41', '-c', root, `${nodeCommand(out)} > '${work}/pane.log' 2>&1; exec sleep 600`);
  paneId = tmux('list-panes', '-t', 'conform', '-F', '#{pane_id}').trim();
  inPane = await waitForFile(out, 'in-pane run');
}, 90_000);

afterAll(() => {
  spawnSync('tmux', ['-L', socket, 'kill-server'], { encoding: 'utf8' });
  rmSync(work, { recursive: true, force: true });
});

describe('tmux-context with a real tmux', () => {
  it('inside a pane, the reference reads the real session, window (quoted name), pane and layout', () => {
    expect(inPane.error).toBeUndefined();
    expect(inPane.env.TMUX_PANE).toBe(paneId);
    const raw = tmux('display-message', '-p', '-t', paneId, FIELDS.map((f) => `#{${f}}`).join('\u001f')).replace(/\n$/, '').split('\u001f');
    const [sessionName, windowIndex, windowName, paneIndex, pId, windowActive, paneActive, windowLayout] = raw;
    const location: TmuxLocation = { sessionName, windowIndex, windowName, paneIndex, paneId: pId, windowActive, paneActive, windowLayout };
    expect(windowName).toBe('work "bench"');
    const expected = renderReading(renderState(location), 1);
    expect(inPane[REFERENCE]).toEqual({ outcome: 'enter', readings: [expected], warnings: [], runs: [{ exitCode: 0 }] });
    expect(expected).toContain('window 0 "work \\"bench\\"", pane 0 %');
  });

  it('inside a pane, the published package reads exactly the same', () => {
    expect(inPane[UPSTREAM]).toEqual(inPane[REFERENCE]);
  });

  it('with TMUX/TMUX_PANE merely inherited (another controlling tty), nothing is read; only the env-trusting mutant is fooled', async () => {
    const tmuxEnv = tmux('display-message', '-p', '-t', paneId, '#{socket_path},#{pid},#{session_id}').trim().replace(/,\$(\d+)$/, ',$1');
    const out = join(work, 'inherited.json');
    const r = spawnSync(process.execPath, ['--import', 'tsx', driver, out, ...PLUGINS], {
      cwd: root,
      env: { ...process.env, TMUX: tmuxEnv, TMUX_PANE: paneId },
      stdio: ['ignore', 'pipe', 'pipe'],
      encoding: 'utf8',
    });
    expect(r.status, r.stderr).toBe(0);
    const inherited = await waitForFile(out, 'inherited run');
    expect(inherited.env).toEqual({ TMUX: tmuxEnv, TMUX_PANE: paneId });
    for (const plugin of [REFERENCE, UPSTREAM]) {
      expect(inherited[plugin]).toEqual({ outcome: 'enter', readings: [], warnings: [], runs: [{ exitCode: 1 }] });
    }
    expect(inherited[TRUSTING].readings).toEqual(inPane[REFERENCE].readings);
  });
});
