import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadFixtures } from '../api/index.js';
import { fixtureId } from './fixture-id.js';
import { readAllFixtures, readFixture } from './store.js';

/**
 * The fixture field `revisions` was `spec` up to 0.1.0. A suite copied before the rename (a user's
 * `--fixtures DIR`) still reads, and every fixture keeps its id: the hash sees the field under its
 * 0.1 name, so expected-failures baselines written against 0.1 stay valid.
 */
const bundled = loadFixtures();
const work = mkdtempSync(join(tmpdir(), 'dsh-old-fixtures-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** Copy fixture directories and write their fixture.json as 0.1 did (`spec` where `revisions` is now). */
function asOldSuite(dirs: string[]): string {
  const root = join(work, String(Math.random()).slice(2));
  for (const [i, dir] of dirs.entries()) {
    const to = join(root, `f${i}`);
    cpSync(dir, to, { recursive: true });
    const file = join(to, 'fixture.json');
    const text = readFileSync(file, 'utf8');
    expect(text).toContain('"revisions": [');
    writeFileSync(file, text.replace('"revisions": [', '"spec": ['));
  }
  return root;
}

describe('fixture files written with the 0.1 field name `spec`', () => {
  it('read as `revisions`, with the same content and the same id', () => {
    const scenario = bundled.find((f) => f.kind === 'scenario' && f.revisions.length === 2)!;
    const logFixture = bundled.find((f) => f.kind === 'log' && f.revisions.length === 1)!;
    const root = asOldSuite([scenario.dir, logFixture.dir]);
    const read = readAllFixtures(root).map((s) => s.fixture);
    expect(read.map((f) => f.id)).toEqual([scenario.id, logFixture.id]);
    expect(read.map((f) => f.revisions)).toEqual([scenario.revisions, logFixture.revisions]);
    for (const f of read) {
      expect(f).not.toHaveProperty('spec');
      expect(fixtureId(f as unknown as Record<string, unknown>)).toBe(f.id);
    }
    expect(readFixture(join(root, 'f0'))).toEqual(readFixture(scenario.dir));
  });

  it('a fixture hashes as the same fixture written with `spec` (as 0.1 hashed it)', () => {
    for (const { dir: _dir, revisions, ...rest } of bundled) {
      expect(fixtureId({ ...rest, spec: revisions }), rest.title).toBe(rest.id);
      expect(fixtureId({ ...rest, revisions }), rest.title).toBe(rest.id);
    }
  });
});
