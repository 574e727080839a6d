import { describe, expect, it } from 'vitest';
import { locationCommand } from '../../../reference/tmux-context/command.js';
import { createAdapter, EXAMPLE_PANE, normalisePid, ShellService, TmuxState, tmuxStates } from './shell.js';

/**
 * The shell-under-test runs DSH's real location command in bash against stub tmux/ps. These tests pin
 * the stub world's answers (in a pane, inherited environment, outside tmux, stale pane, no server,
 * no tty, old tmux), the call recording, the injectable executor failures, and real-bash mode.
 */

const command = locationCommand(process.pid);
const FIELDS = '0\\t1\\tnode\\t2\\t%90\\t1\\t0\\td517,270x71,0,0{135x71,0,0,87,134x71,136,0[134x35,136,0,90,134x35,136,36,93]}\n';

async function runIn(state: TmuxState, cmd = command) {
  const shell = ShellService.stub(state);
  return shell.run(shell.resolve({ command: cmd }));
}

describe('stub shell', () => {
  it('prints the 8 fields, separated by a literal backslash-t, for a process that owns the pane', async () => {
    const result = await runIn(tmuxStates.inPane(EXAMPLE_PANE));
    expect(result.exitCode).toBe(0);
    expect(result.stdout.text).toBe(FIELDS);
    expect(result.stderr.text).toBe('');
  });

  it.each([
    ['an inherited $TMUX_PANE (another tty)', tmuxStates.inherited(EXAMPLE_PANE)],
    ['outside tmux', tmuxStates.outside()],
    ['no controlling tty', { ...tmuxStates.inPane(EXAMPLE_PANE), processTty: null }],
    ['a stale pane id', { ...tmuxStates.inPane(EXAMPLE_PANE), env: { TMUX_PANE: '%404' } }],
    ['no tmux server', { ...tmuxStates.inPane(EXAMPLE_PANE), server: null }],
  ] as Array<[string, TmuxState]>)('exits 1 with no output for %s', async (_label, state) => {
    const result = await runIn(state);
    expect(result.exitCode).toBe(1);
    expect(result.stdout.text).toBe('');
  });

  it('lets $TMUX_PANE alone through when the command skips the tty check (what the trust-environment mutant does)', async () => {
    const trusting = '[ -n "$TMUX_PANE" ] || exit 1\nexec tmux display-message -t "$TMUX_PANE" -p \'#{session_name}\\t#{pane_id}\'';
    const result = await runIn(tmuxStates.inherited(EXAMPLE_PANE), trusting);
    expect(result.stdout.text).toBe('0\\t%90\n');
  });

  it('expands formats once (values are never re-expanded) and keeps odd window names verbatim', async () => {
    const name = 'a "b" #{pane_id} $HOME `id` \\t';
    const result = await runIn(tmuxStates.inPane({ ...EXAMPLE_PANE, windowName: name }));
    expect(result.stdout.text.split('\\t')).toHaveLength(9);
    expect(result.stdout.text).toContain(name);
  });

  it('expands unknown formats to nothing (an old tmux without #{pane_id})', async () => {
    const result = await runIn({ ...tmuxStates.inPane(EXAMPLE_PANE), server: { panes: [EXAMPLE_PANE], unsupportedFormats: ['pane_id'] } });
    expect(result.stdout.text.split('\\t')[4]).toBe('');
  });

  it('answers ps only for the agent pid', async () => {
    const shell = ShellService.stub(tmuxStates.inPane(EXAMPLE_PANE));
    const own = await shell.run(shell.resolve({ command: `ps -o tty= -p ${process.pid}` }));
    expect(own.stdout.text.trim()).toBe('pts/5');
    const other = await shell.run(shell.resolve({ command: 'ps -o tty= -p 1' }));
    expect(other).toMatchObject({ exitCode: 1, stdout: { text: '' } });
  });

  it('records every resolve and run, and follows state changes', async () => {
    const shell = ShellService.stub(tmuxStates.outside());
    await shell.run(shell.resolve({ command }));
    shell.setState(tmuxStates.inPane(EXAMPLE_PANE));
    const result = await shell.run(shell.resolve({ command }));
    expect(result.stdout.text).toBe(FIELDS);
    expect(shell.calls.map((c) => [c.phase, c.outcome])).toEqual([
      ['resolve', undefined],
      ['run', { exitCode: 1 }],
      ['resolve', undefined],
      ['run', { exitCode: 0 }],
    ]);
    expect(shell.commandsRun).toEqual([command, command]);
  });

  it('throws what a DSH executor throws: a policy denial at resolve, a spawn error or a non-Error at run', async () => {
    const shell = ShellService.stub(tmuxStates.inPane(EXAMPLE_PANE), { failure: { at: 'resolve', throws: { kind: 'error', message: 'policy: denied' } } });
    expect(() => shell.resolve({ command })).toThrow(new Error('policy: denied'));
    shell.setFailure({ at: 'run', throws: { kind: 'value', value: 'spawn refused' } });
    await expect(shell.run(shell.resolve({ command }))).rejects.toBe('spawn refused');
    shell.setFailure({ at: 'run', throws: { kind: 'error', message: 'spawn bash ENOENT' } });
    await expect(shell.run(shell.resolve({ command }))).rejects.toThrow('spawn bash ENOENT');
    expect(shell.commandsRun).toEqual([command, command]);
  });

  it('memoised runs give the same result as fresh ones', async () => {
    const a = ShellService.stub(tmuxStates.inPane(EXAMPLE_PANE), { memoize: true });
    const first = await a.run(a.resolve({ command }));
    const second = await a.run(a.resolve({ command }));
    expect(second).toEqual(first);
    expect(first).toEqual(await runIn(tmuxStates.inPane(EXAMPLE_PANE)));
  });

  it('rejects malformed states', () => {
    expect(() => ShellService.stub({ env: {}, processTty: 'pts/1', server: { panes: [{ ...EXAMPLE_PANE, windowName: 'a\0b' }] } })).toThrow(/NUL/);
    expect(() => TmuxState.parse({ env: { FOO: 'x' }, processTty: null, server: null })).toThrow();
  });
});

describe('real shell', () => {
  it('runs bash -c in this process environment (plus overrides)', async () => {
    const shell = ShellService.real({ env: { DSH_CONFORM_PROBE: 'yes' } });
    const result = await shell.run(shell.resolve({ command: 'printf %s "$DSH_CONFORM_PROBE"; exit 3' }));
    expect(result).toMatchObject({ exitCode: 3, stdout: { text: 'yes' } });
  });
});

describe('scenario adapter', () => {
  it('mounts the shell (or not), applies changes and reports pid-normalised observations', async () => {
    const adapter = createAdapter({ state: tmuxStates.outside() }, { mode: 'virtual' });
    const shell = adapter.services.shell as ShellService;
    await shell.run(shell.resolve({ command }));
    adapter.change!({ failure: { at: 'resolve', throws: { kind: 'error', message: 'no' } } });
    expect(() => shell.resolve({ command })).toThrow('no');
    expect(adapter.observe!()).toEqual({ resolves: 2, runs: 1, commands: [normalisePid(command)] });
    expect(normalisePid(command)).toContain('ps -o tty= -p <pid> |');
    expect(createAdapter({ shell: 'none', state: tmuxStates.outside() }, { mode: 'virtual' }).services).toEqual({});
    expect(() => adapter.change!({})).toThrow();
  });
});
