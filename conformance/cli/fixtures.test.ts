import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { readAllFixtures } from '../scenario/store.js';
import { main } from './main.js';

function capture() {
  const out = vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
  const err = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
  return {
    stdout: () => out.mock.calls.map((c) => String(c[0])).join(''),
    stderr: () => err.mock.calls.map((c) => String(c[0])).join(''),
  };
}
afterEach(() => vi.restoreAllMocks());

const catalog = JSON.parse(readFileSync(join(import.meta.dirname, '..', 'fixtures', 'index.json'), 'utf8'));

describe('dsh-ctx-conform fixtures', () => {
  it('--list shows the catalog counts and one line per fixture', async () => {
    const io = capture();
    expect(await main(['fixtures', '--list'])).toBe(0);
    const text = io.stdout();
    expect(text).toContain(`Conformance suite: ${catalog.total} fixtures`);
    for (const f of catalog.fixtures.slice(0, 20)) expect(text).toContain(f.id);
    expect(text.trim().split('\n').length).toBeGreaterThanOrEqual(catalog.total);
  });

  it('--list --json --source filters and prints JSON', async () => {
    const io = capture();
    expect(await main(['fixtures', '--list', '--json', '--source', 'tmux-context'])).toBe(0);
    const listed = JSON.parse(io.stdout());
    expect(listed.fixtures.length).toBe(catalog.bySource['tmux-context']);
    expect(listed.fixtures.every((f: { source: string }) => f.source === 'tmux-context')).toBe(true);
  });

  it('--export writes a suite that reads back fixture for fixture, with schemas and a README', async () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'dsh-export-')), 'suite');
    try {
      const io = capture();
      expect(await main(['fixtures', '--export', dir])).toBe(0);
      expect(io.stderr()).toContain(`Exported ${catalog.total} fixtures`);
      expect(readAllFixtures(join(dir, 'fixtures'))).toHaveLength(catalog.total);
      expect(existsSync(join(dir, 'schemas', 'scenario-fixture.schema.json'))).toBe(true);
      expect(existsSync(join(dir, 'schemas', 'generate.ts'))).toBe(false);
      expect(existsSync(join(dir, 'schemas', 'types', 'finding.d.ts'))).toBe(true);
      expect(readFileSync(join(dir, 'README.md'), 'utf8')).toContain('## Scenario fixtures');
      // A second export into the now non-empty directory is refused, not merged.
      expect(await main(['fixtures', '--export', dir])).toBe(2);
    } finally {
      rmSync(join(dir, '..'), { recursive: true, force: true });
    }
  });

  it('refuses a call without --list or --export', async () => {
    const io = capture();
    expect(await main(['fixtures'])).toBe(2);
    expect(io.stderr()).toContain('say --list or --export DIR');
  });
});

it('spec/fixtures.md is the same format description the export writes', async () => {
  const { fixtureFormatSpec } = await import('./commands/fixtures-readme.js');
  expect(readFileSync(join(import.meta.dirname, '..', '..', 'spec', 'fixtures.md'), 'utf8')).toBe(fixtureFormatSpec());
});
