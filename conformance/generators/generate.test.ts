import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { generateSuite } from './suite.js';
import { diffTrees } from './tree-diff.js';

it('regenerating the suite from generator code changes nothing (run `npm run fixtures` and commit)', async () => {
  const tmp = mkdtempSync(join(tmpdir(), 'dsh-fixtures-'));
  try {
    const { coverage, upstreamCoverage } = await generateSuite(tmp);
    expect(diffTrees(join(import.meta.dirname, '..', 'fixtures'), tmp)).toEqual([]);
    expect(readFileSync(join(import.meta.dirname, '..', '..', 'spec', 'coverage.md'), 'utf8')).toBe(coverage);
    expect(readFileSync(join(import.meta.dirname, '..', '..', 'spec', 'upstream-coverage.md'), 'utf8')).toBe(upstreamCoverage);
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}, 300_000);
