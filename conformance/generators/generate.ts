/**
 * `npm run fixtures`: rebuild the whole conformance suite from generator code, deterministically.
 *
 *   tsx conformance/generators/generate.ts [--out DIR] [--check]
 *
 * Each `conformance/generators/<source>.ts` (and `log.ts` for the core log rules) exports
 * `scenarios()` and/or `logFixtures()` drafts. Scenario expectations are computed by the reference and
 * cross-checked against the published upstream packages; log expectations are checked against the
 * validator. The output replaces `conformance/fixtures/` (fixture dirs, `index.json`,
 * `known-deviations.json`), `spec/coverage.md`, `spec/upstream-coverage.md` and `spec/fixtures.md`. With `--check`, nothing is written: it exits 1 if regeneration would
 * change anything.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { fixtureFormatSpec } from '../cli/commands/fixtures-readme.js';
import { generateSuite } from './suite.js';
import { diffTrees } from './tree-diff.js';

const { values } = parseArgs({ options: { out: { type: 'string' }, check: { type: 'boolean' } } });
const root = join(import.meta.dirname, '..', 'fixtures');
const coverageFile = join(import.meta.dirname, '..', '..', 'spec', 'coverage.md');
const upstreamCoverageFile = join(import.meta.dirname, '..', '..', 'spec', 'upstream-coverage.md');
const formatFile = join(import.meta.dirname, '..', '..', 'spec', 'fixtures.md');

if (values.check) {
  const tmp = mkdtempSync(join(tmpdir(), 'dsh-fixtures-'));
  try {
    const { coverage, upstreamCoverage } = await generateSuite(tmp, (line) => process.stderr.write(`${line}\n`));
    const changes = diffTrees(root, tmp);
    if (!existsSync(coverageFile) || readFileSync(coverageFile, 'utf8') !== coverage) changes.push('~ spec/coverage.md');
    if (!existsSync(upstreamCoverageFile) || readFileSync(upstreamCoverageFile, 'utf8') !== upstreamCoverage) changes.push('~ spec/upstream-coverage.md');
    if (!existsSync(formatFile) || readFileSync(formatFile, 'utf8') !== fixtureFormatSpec()) changes.push('~ spec/fixtures.md');
    if (changes.length) {
      process.stderr.write(`Regenerating the suite would change ${changes.length} file(s):\n${changes.slice(0, 30).map((c) => `  ${c}`).join('\n')}\nRun 'npm run fixtures' and commit the result.\n`);
      process.exitCode = 1;
    } else process.stderr.write('The committed suite is up to date.\n');
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
} else {
  const out = values.out ?? root;
  const summary = await generateSuite(out, (line) => process.stderr.write(`${line}\n`));
  if (out === root) {
    writeFileSync(coverageFile, summary.coverage);
    writeFileSync(upstreamCoverageFile, summary.upstreamCoverage);
    writeFileSync(formatFile, fixtureFormatSpec());
  }
  process.stderr.write(`Wrote ${summary.total} fixtures to ${out}${existsSync(join(out, 'index.json')) ? ` (catalog: ${JSON.parse(readFileSync(join(out, 'index.json'), 'utf8')).total})` : ''}\n`);
}
