import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { jsonlLine } from './jsonl-line.js';
import { LogFixture, ScenarioFixture, type Fixture as FixtureT } from './schema.js';

/**
 * Fixtures on disk: `<root>/<source>/<category>/<id>/fixture.json` plus JSONL files for the logs, so
 * a log can be read (and replayed by other tools) line by line:
 * - scenario: `initial.jsonl` (the starting log, header first) and `expected.jsonl` (the final log);
 * - log fixture: `log.jsonl` (header first, then the raw lines).
 * `fixture.json` holds everything else, with `files` naming the JSONL files.
 */

export interface StoredFixture {
  fixture: FixtureT;
  dir: string;
}

function toJsonl(lines: readonly unknown[]): string {
  return lines.map(jsonlLine).join('\n') + (lines.length ? '\n' : '');
}

function fromJsonl(text: string, file: string): unknown[] {
  return text
    .split('\n')
    .filter((l) => l.length > 0)
    .map((l, i) => {
      try {
        const value = JSON.parse(l) as unknown;
        // A line that does not survive a JSON round trip byte for byte was written raw on purpose.
        return JSON.stringify(value) === l ? value : { $rawLine: l };
      } catch {
        if (i === 0) throw new Error(`${file}:1: the header line is not JSON`);
        return { $rawLine: l };
      }
    });
}

export function fixtureDir(root: string, f: Pick<FixtureT, 'source' | 'category' | 'id'>): string {
  return join(root, f.source, f.category, f.id);
}

export function writeFixture(root: string, fixture: FixtureT): string {
  const dir = fixtureDir(root, fixture);
  mkdirSync(dir, { recursive: true });
  if (fixture.kind === 'scenario') {
    const { log, expect, env, ...rest } = fixture;
    const meta = { ...rest, env, files: { log: 'initial.jsonl', expectedLog: 'expected.jsonl' }, expect: { ...expect, log: undefined } };
    writeFileSync(join(dir, 'fixture.json'), JSON.stringify(meta, null, 2) + '\n');
    writeFileSync(join(dir, 'initial.jsonl'), toJsonl([env.header, ...log]));
    writeFileSync(join(dir, 'expected.jsonl'), toJsonl([env.header, ...expect.log]));
  } else {
    const { log, header, zstd, ...rest } = fixture;
    if (zstd !== undefined) {
      // A binary container: the bytes are the log; header and log stay in fixture.json as its intent.
      writeFileSync(join(dir, 'fixture.json'), JSON.stringify({ ...rest, header, log, files: { log: 'log.jsonl.zstd' } }, null, 2) + '\n');
      writeFileSync(join(dir, 'log.jsonl.zstd'), Buffer.from(zstd, 'base64'));
    } else {
      writeFileSync(join(dir, 'fixture.json'), JSON.stringify({ ...rest, files: { log: 'log.jsonl' } }, null, 2) + '\n');
      const text = toJsonl([header, ...log]);
      writeFileSync(join(dir, 'log.jsonl'), fixture.tornTail ? text.replace(/\n$/, '') : text);
    }
  }
  return dir;
}

/**
 * A fixture file written before the field `revisions` had its name (0.1: `spec`) reads as one written
 * now; its id does not change (the hash sees the field under its 0.1 name, see `fixture-id.ts`).
 */
export function upgradeFixtureFields(meta: Record<string, unknown>): Record<string, unknown> {
  if (!('spec' in meta)) return meta;
  const { spec, ...rest } = meta;
  return 'revisions' in rest ? rest : { ...rest, revisions: spec };
}

export function readFixture(dir: string): FixtureT {
  const metaFile = join(dir, 'fixture.json');
  const meta = upgradeFixtureFields(JSON.parse(readFileSync(metaFile, 'utf8')) as Record<string, unknown>) as Record<string, any>;
  const files = meta.files as Record<string, string>;
  delete meta.files;
  if (meta.kind === 'scenario') {
    const [header, ...log] = fromJsonl(readFileSync(join(dir, files.log), 'utf8'), join(dir, files.log));
    const [, ...expected] = fromJsonl(readFileSync(join(dir, files.expectedLog), 'utf8'), join(dir, files.expectedLog));
    meta.env = { ...meta.env, header };
    meta.log = log;
    meta.expect = { ...meta.expect, log: expected };
    return ScenarioFixture.parse(meta);
  }
  if (files.log.endsWith('.zstd')) return LogFixture.parse({ ...meta, zstd: readFileSync(join(dir, files.log)).toString('base64') });
  const [header, ...log] = fromJsonl(readFileSync(join(dir, files.log), 'utf8'), join(dir, files.log));
  return LogFixture.parse({ ...meta, header, log });
}

/** Every fixture under `root`, sorted by path. */
export function readAllFixtures(root: string): StoredFixture[] {
  const out: StoredFixture[] = [];
  const walk = (dir: string) => {
    if (!existsSync(dir)) return;
    const entries = readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name));
    if (entries.some((e) => e.isFile() && e.name === 'fixture.json')) {
      out.push({ fixture: readFixture(dir), dir });
      return;
    }
    for (const e of entries) if (e.isDirectory()) walk(join(dir, e.name));
  };
  walk(root);
  return out;
}

export function clearFixtures(root: string): void {
  for (const entry of existsSync(root) ? readdirSync(root, { withFileTypes: true }) : []) {
    if (entry.isDirectory()) rmSync(join(root, entry.name), { recursive: true, force: true });
  }
}

export interface Catalog {
  format: number;
  total: number;
  bySource: Record<string, number>;
  byCategory: Record<string, number>;
  byRule: Record<string, number>;
  fixtures: Array<{ id: string; kind: FixtureT['kind']; source: string; category: string; title: string; rules: string[]; revisions: string[]; path: string }>;
}

export function buildCatalog(root: string, fixtures: readonly FixtureT[]): Catalog {
  const count = (m: Record<string, number>, k: string) => (m[k] = (m[k] ?? 0) + 1);
  const catalog: Catalog = { format: 1, total: fixtures.length, bySource: {}, byCategory: {}, byRule: {}, fixtures: [] };
  const sorted = [...fixtures].sort((a, b) => fixtureDir('', a).localeCompare(fixtureDir('', b)));
  for (const f of sorted) {
    count(catalog.bySource, f.source);
    count(catalog.byCategory, f.category);
    for (const r of new Set(f.rules)) count(catalog.byRule, r);
    catalog.fixtures.push({ id: f.id, kind: f.kind, source: f.source, category: f.category, title: f.title, rules: f.rules, revisions: f.revisions, path: relative(root, fixtureDir(root, f)) });
  }
  const sortKeys = (m: Record<string, number>) => Object.fromEntries(Object.entries(m).sort(([a], [b]) => a.localeCompare(b)));
  catalog.bySource = sortKeys(catalog.bySource);
  catalog.byCategory = sortKeys(catalog.byCategory);
  catalog.byRule = sortKeys(catalog.byRule);
  return catalog;
}

