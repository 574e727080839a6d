import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lineDiff } from './page.js';

/**
 * The HTML reports opened in a real headless Chromium (Debian's `chromium`, which .ci/run installs):
 * `--dump-dom` prints the document after its inline script ran, and we check what rendered.
 */
const root = fileURLToPath(new URL('../../../', import.meta.url));
const CHROMIUM = process.env.CHROMIUM ?? '/usr/bin/chromium';
const work = mkdtempSync(join(tmpdir(), 'dsh-html-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

function cli(args: string[]) {
  const r = spawnSync(process.execPath, ['--import', 'tsx', join(root, 'conformance/cli/bin.ts'), ...args], { cwd: root, encoding: 'utf8', timeout: 120_000 });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

function dumpDom(file: string): string {
  if (!existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} not found: install Debian's chromium (.ci/run does) or set CHROMIUM`);
  const profile = mkdtempSync(join(work, 'profile-'));
  const r = spawnSync(
    CHROMIUM,
    ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', `--user-data-dir=${profile}`, '--virtual-time-budget=5000', '--dump-dom', pathToFileURL(file).href],
    { encoding: 'utf8', timeout: 90_000 },
  );
  if (r.status !== 0 || !r.stdout.includes('</html>')) throw new Error(`chromium exited ${r.status ?? r.signal}: ${r.stderr.slice(-2000)}`);
  return r.stdout;
}

/** Parse the dumped DOM back with a tiny query: count of elements whose opening tag matches. */
function countTags(dom: string, pattern: RegExp): number {
  return (dom.match(new RegExp(pattern.source, 'g')) ?? []).length;
}

function noNetwork(html: string): void {
  // Self-contained: no external URL in any src/href/url(), and a CSP that forbids fetching anything.
  expect(html).not.toMatch(/\b(?:src|href)\s*=\s*["']?(?:https?:)?\/\//i);
  expect(html).not.toMatch(/url\(\s*["']?(?:https?:)?\/\//i);
  expect(html).toContain(`content="default-src 'none'`);
}

describe('run --reporter html', () => {
  let html: string;
  let dom: string;
  let report: { summary: { fail: number; pass: number }; results: Array<{ status: string; fixture: string; path?: string }> };
  beforeAll(() => {
    const silent = join(root, 'conformance/runner/test-plugins/silent.cjs');
    const r = cli([silent, '--filter', 'ordering', '--reporter', `html:${join(work, 'run.html')}`, '--reporter', 'json', '--output-file.json', join(work, 'run.json')]);
    expect(r.code).toBe(1);
    html = readFileSync(join(work, 'run.html'), 'utf8');
    report = JSON.parse(readFileSync(join(work, 'run.json'), 'utf8'));
    dom = dumpDom(join(work, 'run.html'));
  }, 180_000);

  it('is one self-contained file', () => noNetwork(html));

  it('renders the summary and every fixture, and its script ran', () => {
    expect(report.summary.fail).toBeGreaterThan(0);
    expect(dom).toMatch(new RegExp(`<span class="count fail" data-count="fail">${report.summary.fail} failed</span>`));
    expect(dom).toMatch(new RegExp(`<body data-rendered="${report.results.length + report.summary.fail}"`));
  });

  it('shows each failure with expected and actual side by side and the reproduction path', () => {
    const failing = report.results.filter((r) => r.status === 'fail');
    expect(countTags(dom, /<details open="" data-status="fail" data-fixture="[0-9a-f]{12}">/)).toBe(failing.length);
    for (const f of failing) {
      expect(dom).toContain(`data-fixture="${f.fixture}"`);
      expect(dom).toContain(`Reproduce: <code>${f.path}/</code>`);
    }
    expect(countTags(dom, /<div class="diff"><div class="expected"><h4>expected<\/h4><pre>/)).toBe(failing.length);
    expect(dom).toMatch(/<div class="actual"><h4>actual<\/h4><pre>[^<]*<span class="only">/);
  });
});

describe('check --reporter html', () => {
  let dom: string;
  let html: string;
  beforeAll(() => {
    const tree = join(work, 'sessions');
    mkdirSync(join(tree, 'a'), { recursive: true });
    mkdirSync(join(tree, 'b'), { recursive: true });
    const fixtures = join(root, 'invariants/log/test-fixtures');
    writeFileSync(join(tree, 'a/session.jsonl'), readFileSync(join(fixtures, 'synthetic-session.jsonl')));
    // A seq gap: the request/context lines removed.
    writeFileSync(join(tree, 'b/session.jsonl'), readFileSync(join(fixtures, 'synthetic-session.jsonl'), 'utf8').split('\n').filter((l) => !l.includes('request/context')).join('\n'));
    const r = cli(['check', tree, '--reporter', `html:${join(work, 'check.html')}`, '--reporter', 'json:' + join(work, 'check.json')]);
    expect(r.code).toBe(1);
    html = readFileSync(join(work, 'check.html'), 'utf8');
    dom = dumpDom(join(work, 'check.html'));
  }, 180_000);

  it('is one self-contained file', () => noNetwork(html));

  it('draws a per-file timeline of turns, steps and injections', () => {
    expect(countTags(dom, /<details [^>]*class="file"/)).toBe(2);
    expect(countTags(dom, /<li class="turn[^"]*" data-seq="\d+" data-kind="turn">/)).toBeGreaterThanOrEqual(2);
    expect(countTags(dom, /<li class="step[^"]*" data-seq="\d+" data-kind="step">/)).toBeGreaterThanOrEqual(2);
    expect(countTags(dom, /<li class="injection[^"]*" data-seq="\d+" data-kind="injection">/)).toBeGreaterThanOrEqual(2);
  });

  it('marks the finding on the event it is about', () => {
    const report = JSON.parse(readFileSync(join(work, 'check.json'), 'utf8')) as { findings: Array<{ rule: string; seq: number | null }> };
    const gap = report.findings.find((f) => f.rule === 'LOG-SEQ-1')!;
    expect(gap).toBeDefined();
    // The event at the gap is not a turn, step or injection, but a finding's event is always drawn.
    expect(dom).toMatch(new RegExp(`<li class="other flagged" data-seq="${gap.seq}" data-kind="other">[^\\n]*?<span class="finding error" data-rule="LOG-SEQ-1">`));
    expect(dom).not.toContain('<div class="loose">');
    expect(dom).toMatch(/<body data-rendered="2"/);
  });
});

describe('lineDiff', () => {
  it('marks exactly the lines outside the longest common subsequence', () => {
    const { onlyA, onlyB } = lineDiff(['a', 'b', 'c', 'd'], ['a', 'x', 'c', 'd', 'e']);
    expect([...onlyA]).toEqual([1]);
    expect([...onlyB].sort()).toEqual([1, 4]);
  });
});
