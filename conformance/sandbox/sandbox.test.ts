import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { stubEnvironment, tmuxStates, EXAMPLE_PANE } from '../host/services/shell.js';
import { locationCommand } from '../../reference/tmux-context/command.js';
import { readGrants } from './permissions.js';
import { runRestrictedBash } from './restricted-shell.js';

const work = mkdtempSync(join(tmpdir(), 'dsh-sandbox-test-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

function tree(files: string[]): void {
  for (const f of files) {
    mkdirSync(join(work, f, '..'), { recursive: true });
    writeFileSync(join(work, f), '{}');
  }
}

describe('permission grants', () => {
  it('grant a plugin project its package and dependencies, but go around the kit installed inside it', () => {
    tree([
      'proj/package.json',
      'proj/index.js',
      'proj/node_modules/left-pad/package.json',
      'proj/node_modules/@scope/dep/package.json',
      'proj/node_modules/dsh-ctx-conform/package.json',
      'proj/node_modules/dsh-ctx-conform/dist/conformance/runner/child.js',
      'proj/node_modules/dsh-ctx-conform/conformance/fixtures/index.json',
    ]);
    const kit = join(work, 'proj/node_modules/dsh-ctx-conform');
    const grants = readGrants({ entry: join(work, 'proj/index.js'), kitRoot: kit, tempRoot: join(work, 'tmp'), protectedDirs: [join(kit, 'conformance/fixtures')] });
    const fixtures = join(kit, 'conformance/fixtures/index.json');
    const covers = (p: string) => grants.some((g) => p === g || p.startsWith(g + '/'));
    expect(covers(fixtures)).toBe(false);
    expect(covers(join(work, 'proj/index.js'))).toBe(true);
    expect(covers(join(work, 'proj/node_modules/left-pad/package.json'))).toBe(true);
    expect(covers(join(work, 'proj/node_modules/@scope/dep/package.json'))).toBe(true);
    expect(covers(join(kit, 'dist/conformance/runner/child.js'))).toBe(true);
    expect(covers(join(kit, 'package.json'))).toBe(true);
  });

  it('grant only the plugin directory when its package is the kit itself', () => {
    tree(['kit/package.json', 'kit/conformance/fixtures/index.json', 'kit/plugins/p.mjs', 'kit/dist/x.js']);
    const kit = join(work, 'kit');
    const grants = readGrants({ entry: join(kit, 'plugins/p.mjs'), kitRoot: kit, tempRoot: join(work, 'tmp'), protectedDirs: [join(kit, 'conformance/fixtures')] });
    expect(grants).toContain(join(kit, 'plugins'));
    expect(grants).not.toContain(kit);
  });
});

describe('the restricted shell', () => {
  const env = stubEnvironment(tmuxStates.inPane(EXAMPLE_PANE));

  it("runs DSH's real command against the stubs", async () => {
    const r = await runRestrictedBash(locationCommand(Number(env.DSH_STUB_AGENT_PID)), env, { hide: [] });
    expect(r.exitCode).toBe(0);
    expect(r.stdout.text).toContain('%90');
  });

  it('cannot signal, change directory, write, run other programs, or see inherited secrets', async () => {
    process.env.DSH_SANDBOX_SECRET = 'hunter2';
    try {
      for (const [command, pattern] of [
        ['kill -0 $PPID', /kill: command not found/],
        ['cd /', /restricted/],
        ['echo x > /tmp/dsh-sandbox-escape', /restricted/],
        ['/bin/ls /', /restricted/],
        ['ls /', /command not found/],
        ['command -p ls', /restricted/],
      ] as const) {
        const r = await runRestrictedBash(command, env, { hide: [] });
        expect(r.exitCode, command).not.toBe(0);
        expect(r.stderr.text, command).toMatch(pattern);
      }
      const r = await runRestrictedBash('echo "[$DSH_SANDBOX_SECRET][$HOME]"', { ...env, DSH_SANDBOX_SECRET: 'hunter2' }, { hide: [] });
      expect(r.stdout.text).not.toContain('hunter2');
    } finally {
      delete process.env.DSH_SANDBOX_SECRET;
    }
  });

  it('cannot read a hidden directory through input redirection (where namespaces are available)', async () => {
    tree(['secret/expected.jsonl']);
    writeFileSync(join(work, 'secret/expected.jsonl'), 'THE ANSWER');
    const r = await runRestrictedBash(`x=$(< ${join(work, 'secret/expected.jsonl')}); echo "[$x]"`, env, { hide: [join(work, 'secret')] });
    expect(r.stdout.text).not.toContain('THE ANSWER');
    // A directory and one inside it (the kit root and its fixtures): both covered, the command still runs.
    const nested = await runRestrictedBash(`x=$(< ${join(work, 'secret/expected.jsonl')}); echo "[$x]"`, env, { hide: [work, join(work, 'secret')] });
    expect(nested.stdout.text).toBe('[]\n');
  });
});
