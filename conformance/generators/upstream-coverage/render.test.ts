import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SOURCES } from '../../../spec/revisions.js';
import type { Catalog } from '../../scenario/store.js';
import { fx } from './case.js';
import { UPSTREAM_CASES, renderUpstreamCoverage, resolveCases } from './render.js';

const catalog = JSON.parse(readFileSync(join(import.meta.dirname, '..', '..', 'fixtures', 'index.json'), 'utf8')) as Catalog;

describe('spec/upstream-coverage.md', () => {
  it('is what the committed catalog renders (run `npm run fixtures` after changing either)', () => {
    expect(readFileSync(join(import.meta.dirname, '..', '..', '..', 'spec', 'upstream-coverage.md'), 'utf8')).toBe(renderUpstreamCoverage(catalog));
  });

  it('lists cases of every source, each case once, and resolves every fixture fragment to scenario or log fixtures', () => {
    for (const source of SOURCES) expect(UPSTREAM_CASES.some((c) => c.source === source), source).toBe(true);
    const keys = UPSTREAM_CASES.map((c) => `${c.source}|${c.file}|${c.title}`);
    expect(new Set(keys).size).toBe(keys.length);
    for (const c of resolveCases(catalog)) if ('fixtures' in c.coverage) expect(c.fixtureIds.length, c.title).toBeGreaterThan(0);
  });

  it('fails on a fragment that matches no fixture, naming it', () => {
    expect(() => resolveCases(catalog, [{ source: 'tmux-context', file: 'f', title: 't', coverage: fx('no fixture is called this') }])).toThrow(/"no fixture is called this"/);
  });

  it('leaves every case the kit can express to fixtures: only unit-only or stated reasons remain', () => {
    const rest = UPSTREAM_CASES.filter((c) => !('fixtures' in c.coverage));
    for (const c of rest) expect(('unit' in c.coverage ? c.coverage.unit : 'cannot' in c.coverage ? c.coverage.cannot : '').length, c.title).toBeGreaterThan(20);
    expect(rest.length).toBeLessThan(UPSTREAM_CASES.length / 10);
  });
});
