import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { checkPaths } from '../check-paths.js';
import { ruleIndex } from '../engine.js';
import { allRuleModules } from '../rules/index.js';
import { render } from './index.js';

/** SARIF results carry each finding's messageId and data beside its rendered text (for tools that group or translate). */
const log = fileURLToPath(new URL('../log/test-fixtures/synthetic-session.jsonl', import.meta.url));

describe('sarif: findings as data', () => {
  it('result properties hold messageId and data; message.text is the rendered message', async () => {
    const lines = readFileSync(log, 'utf8').trimEnd().split('\n');
    const dir = mkdtempSync(join(tmpdir(), 'sarif-data-'));
    // Drop one event: a seq gap (LOG-SEQ-1) and whatever follows from it.
    writeFileSync(join(dir, 'session.jsonl'), `${[lines[0], ...lines.slice(2)].join('\n')}\n`);
    const report = await checkPaths([dir], { tool: { name: 'dsh-ctx-conform', version: 'test' } });
    expect(report.findings.length).toBeGreaterThan(0);
    const sarif = JSON.parse(render('sarif', report, { color: false, rules: ruleIndex(allRuleModules) }));
    const results = sarif.runs[0].results as Array<{ ruleId: string; message: { text: string }; properties: { messageId: string; data: unknown } }>;
    expect(results.map((r) => [r.ruleId, r.properties.messageId, r.properties.data, r.message.text])).toEqual(report.findings.map((f) => [f.rule, f.messageId, f.data, f.message]));
  });
});
