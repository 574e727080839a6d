import { mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { checkPaths } from './check-paths.js';
import { checkText } from './check.js';
import { ruleIndex, type RuleContext } from './engine.js';
import { defineMessages } from './message-templates.js';
import { MESSAGE_CATALOG, jsonData, renderMessage } from './messages.js';
import { render } from './reporters/index.js';
import { compactionMessages } from './rules/core/compaction.js';
import { allRuleModules } from './rules/index.js';

/** Findings as data: every rule's templates, and what a report carries. */
const here = dirname(fileURLToPath(import.meta.url));

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'test-fixtures' || name === 'test-support' ? [] : sources(path);
    return name.endsWith('.ts') && !name.endsWith('.test.ts') ? [path] : [];
  });
}

describe('message templates', () => {
  it('each module declares templates only for its own rules, and at least one for each rule', () => {
    for (const m of allRuleModules) {
      expect(Object.keys(m.messages).filter((id) => !(id in m.rules)), m.name).toEqual([]);
      expect(Object.keys(m.rules).filter((id) => Object.keys(m.messages[id] ?? {}).length === 0), m.name).toEqual([]);
    }
    expect(MESSAGE_CATALOG.size).toBe(ruleIndex(allRuleModules).size);
  });

  it('every declared message id is named by some report site (no dead template)', () => {
    const text = sources(here).map((p) => readFileSync(p, 'utf8')).join('\n');
    const unused: string[] = [];
    for (const m of allRuleModules) {
      for (const [rule, templates] of Object.entries(m.messages)) {
        for (const id of Object.keys(templates)) if (!text.includes(`'${id}'`)) unused.push(`${rule}/${id}`);
      }
    }
    expect(unused).toEqual([]);
  });

  it('renders through the catalog, and refuses a rule or message id it does not know', () => {
    expect(renderMessage('LOG-CMP-1', 'notNonEmptyString', { field: 'compaction/start compactionId', found: '""' })).toBe('expected compaction/start compactionId to be a non-empty string, found ""');
    expect(() => renderMessage('LOG-CMP-1', 'noSuchMessage', {})).toThrow(/no message template/);
    expect(() => renderMessage('NO-SUCH-1', 'x', {})).toThrow(/no message template/);
  });

  it('keeps data to what JSON carries, so the words rendered from a report are the same', () => {
    const data = { a: -0, b: Number.POSITIVE_INFINITY, c: [1, -0, undefined], d: undefined, e: { f: Number.NaN } } as never;
    expect(jsonData(data)).toStrictEqual({ a: 0, b: 'Infinity', c: [1, 0, null], e: { f: 'NaN' } });
  });

  it('types a report by its module templates: undeclared rules, message ids and data shapes do not compile', () => {
    // Never called: the point is what the compiler accepts (`tsc` checks the test files too).
    const sites = (ctx: RuleContext<typeof compactionMessages>): void => {
      ctx.report('LOG-CMP-1', { messageId: 'notNonEmptyString', data: { field: 'x', found: '1' } });
      // @ts-expect-error an undeclared message id
      ctx.report('LOG-CMP-1', { messageId: 'notDeclared', data: { field: 'x', found: '1' } });
      // @ts-expect-error a message id of another rule
      ctx.report('LOG-CMP-1', { messageId: 'secondSummary', data: {} });
      // @ts-expect-error data of the wrong shape
      ctx.report('LOG-CMP-1', { messageId: 'notNonEmptyString', data: { field: 'x' } });
      // @ts-expect-error data with a value of the wrong type
      ctx.report('LOG-CMP-1', { messageId: 'notNonEmptyString', data: { field: 'x', found: 1 } });
      // @ts-expect-error a rule the module does not declare
      ctx.report('LOG-SEQ-1', { messageId: 'notSeq', data: { expected: 1, found: '0' } });
      // @ts-expect-error prose instead of a message id
      ctx.report('LOG-CMP-2', { message: 'compaction/start while ...' });
    };
    // @ts-expect-error a template whose data is not JSON
    defineMessages({ 'X-1': { bad: (d: { found: unknown }) => String(d.found) } });
    expect(typeof sites).toBe('function');
  });
});

describe('findings carry their message id and data', () => {
  it('in check results and in the JSON report', async () => {
    const header = '{"type":"session","version":0,"id":"s","createdAt":1,"delegationDepth":0}';
    const log = `${header}\n{"type":"session/title","seq":0,"time":2,"data":"a"}\n{"type":"session/title","seq":3,"time":3,"data":"b"}\n`;
    const direct = await checkText('gap.jsonl', log);
    const gap = direct.findings.find((f) => f.rule === 'LOG-SEQ-1')!;
    expect(gap).toEqual(expect.objectContaining({ messageId: 'notContiguous', data: { expected: 1, found: 3 }, message: 'expected seq 1 (contiguous from 0), found 3: a gap of 2 missing event(s)' }));

    const dir = mkdtempSync(join(tmpdir(), 'dsh-messages-'));
    writeFileSync(join(dir, 'session.jsonl'), log);
    const report = await checkPaths([dir, join(dir, 'missing')], { tool: { name: 'dsh-ctx-conform', version: '0' } });
    const json = JSON.parse(render('json', report, { color: false, rules: ruleIndex(allRuleModules) })) as { findings: Array<Record<string, unknown>> };
    expect(json.findings.length).toBeGreaterThanOrEqual(2);
    for (const f of json.findings) {
      expect(f).toEqual(expect.objectContaining({ messageId: expect.any(String), data: expect.any(Object), message: expect.any(String) }));
      expect(f.message).toBe(renderMessage(f.rule as string, f.messageId as string, f.data as never));
    }
    expect(json.findings).toContainEqual(expect.objectContaining({ rule: 'LOG-SEQ-1', messageId: 'notContiguous', data: { expected: 1, found: 3 } }));
    expect(json.findings).toContainEqual(expect.objectContaining({ rule: 'LOG-READ-1', messageId: 'cannotStat', data: { path: join(dir, 'missing'), error: 'no such file or directory' } }));
  });
});
