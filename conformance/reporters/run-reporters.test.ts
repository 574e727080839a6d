import { describe, expect, it } from 'vitest';
import { RunReport } from '../runner/results.js';
import { renderRunReport } from './run-reporters.js';

const warning = 'the plugin looked up service "bash" with ctx.get(), which this host does not offer (it offers: agents, shell); it got undefined';
const result = (fixture: string, status: 'pass' | 'fail', extra: object = {}) => ({
  plugin: 'p@1',
  source: 'tmux-context' as const,
  fixture,
  title: `fixture ${fixture}`,
  category: 'location',
  status,
  message: status === 'pass' ? 'ok' : `durable log differs (${fixture})`,
  durationMs: 1,
  ...extra,
});

describe('human run report', () => {
  it('shows a lookup warning once, beside the first failure it may explain, and counts infos on passing fixtures', () => {
    const report = RunReport.parse({
      tool: { name: 'dsh-ctx-conform', version: '0' },
      spec: '2026-08',
      plugins: [{ plugin: 'p@1', source: 'tmux-context', shape: 'namespace' }],
      results: [result('a1', 'fail', { warnings: [warning] }), result('b2', 'fail', { warnings: [warning] }), result('c3', 'pass', { infos: ['class differs'] })],
      stale: [],
      summary: { pass: 1, fail: 2, error: 0, expectedFailures: 0, stale: 0 },
    });
    const text = renderRunReport('human', report);
    expect(text.split(warning).length - 1).toBe(1);
    expect(text.indexOf(warning)).toBeGreaterThan(text.indexOf('durable log differs (a1)'));
    expect(text.indexOf(warning)).toBeLessThan(text.indexOf('durable log differs (b2)'));
    expect(text).toContain('1 passing fixture(s) differ only in what the spec leaves open');
  });
});
