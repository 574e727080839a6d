import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * CONTRIBUTING.md's promise, proved: adding a source is one folder per room plus one line in each
 * room's registry table. A copy of the project gets a toy source, `toy-context` (a plugin that appends
 * `hello`), written exactly as CONTRIBUTING.md says; then, through the registry alone, the suite
 * generator finds its generator, the reference runs in the simulated host, the validator runs its rule,
 * the judge passes the reference and fails a broken variant, and `check` reports the rule on a bad log.
 * (That a table without the line does not compile is the `satisfies` in each table: see
 * conformance/integration/registry-completeness.ts.)
 */
const root = join(import.meta.dirname, '..', '..');
const work = mkdtempSync(join(tmpdir(), 'dsh-toy-source-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** The toy source's folders (one per room). */
const FILES: Record<string, string> = {
  'spec/toy-context.md': `# toy-context\n\n### TOY-HELLO-1: Says hello\n\nSeverity **error**. A toy-context message MUST say \`hello\`.\n`,
  'reference/toy-context/index.ts': `import { createUserMessage } from '../shared/message.js';
import { withStandardSchema } from '../shared/standard-schema.js';
export const name = 'toy-context';
export const inject = ['agents'];
export const Config = withStandardSchema((input?: unknown) => (input ?? {}) as Record<string, never>);
export function apply(ctx: { on(e: string, l: (p: unknown, next: () => Promise<{ kind: string; messages: unknown[] }>) => unknown, o: object): void }, _config: unknown): void {
  ctx.on('agent/pre-step', async (_payload, next) => {
    const decision = await next();
    if (decision.kind !== 'enter') return decision;
    const text = process.env.TOY_BROKEN ? 'goodbye' : 'hello';
    return { ...decision, messages: [...decision.messages, createUserMessage({ content: [{ type: 'text', text }], source: { kind: 'plugin', plugin: 'toy-context' } })] };
  }, { prepend: true });
}
`,
  'invariants/rules/toy-context/config.ts': `import { z } from 'zod';\nexport const toyContextConfig = z.object({}).strict();\n`,
  'invariants/rules/toy-context/index.ts': `import type { RuleModule } from '../../engine.js';
export const toyContextRules: RuleModule = {
  name: 'toy-context',
  source: 'toy-context',
  rules: { 'TOY-HELLO-1': { severity: 'error', title: 'Says hello', must: 'A toy-context message MUST say \`hello\`.', doc: 'spec/toy-context.md' } },
  messages: { 'TOY-HELLO-1': { noHello: () => 'a toy-context message must say hello' } },
  create(ctx) {
    return {
      eventTypes: new Set(['user/message']),
      onEvent(located) {
        const data = located.event.data as { source?: { plugin?: unknown }; content?: Array<{ text?: unknown }> } | null;
        if (data?.source?.plugin === 'toy-context' && data.content?.[0]?.text !== 'hello') ctx.report('TOY-HELLO-1', { event: located, messageId: 'noHello', data: {} });
      },
    };
  },
};
`,
  'conformance/generators/toy-context.ts': `import type { LogDraft, ScenarioDraft } from '../scenario/draft.js';
const header = { type: 'session', version: 0, id: 'session-toy', createdAt: 0, cwd: '/proj', delegationDepth: 0 };
export function scenarios(): ScenarioDraft[] {
  return [{ source: 'toy-context', category: 'format', title: 'says hello once per entering step', rules: ['TOY-HELLO-1'], revisions: ['2026-08'], env: { clock: 0, tz: 'UTC', header }, actions: [{ do: 'prompt', message: { text: 'hi' } }, { do: 'pre-step' }], provenance: { generator: 'toy-context' } }];
}
const says = (text: string) => [
  { seq: 0, time: 1, type: 'turn/start', data: { turn: 1 } },
  { seq: 1, time: 1, type: 'step/start', data: { turn: 1, step: 1 } },
  { seq: 2, time: 2, type: 'user/message', data: { content: [{ type: 'text', text }], source: { kind: 'plugin', plugin: 'toy-context' }, role: 'user', id: 'm1' }, surfaceOp: 'append' },
];
export function logFixtures(): LogDraft[] {
  return [{ source: 'toy-context', category: 'format', title: 'a toy message that says goodbye', rules: ['TOY-HELLO-1'], revisions: ['2026-08'], header, log: says('goodbye'), findings: ['TOY-HELLO-1'] }];
}
`,
  'conformance/sources/toy-context.ts': `import type { ConformanceSource } from './types.js';
export const toyContext = {
  name: 'toy-context',
  doc: 'spec/toy-context.md',
  summary: 'a toy that says hello',
  generator: () => import('../generators/toy-context.js'),
  ingredients: async () => ({}),
  services: [],
  upstream: {},
} as const satisfies ConformanceSource<'toy-context'>;
`,
};

/** The one line per registry table, inserted after the session-reference line. */
const LINES: Array<[file: string, after: RegExp, line: string, imports?: string]> = [
  ['spec/revisions.ts', /'session-reference'(?=\] as const;)/, ", 'toy-context'"],
  ['reference/index.ts', /  'session-reference': .*\n/, "  'toy-context': async () => import('./toy-context/index.js'),\n"],
  ['invariants/rules/index.ts', /  'session-reference': sessionReferenceRules,\n/, "  'toy-context': toyContextRules,\n", "import { toyContextRules } from './toy-context/index.js';\n"],
  ['invariants/rules/configs.ts', /  'session-reference': sessionReferenceConfig,\n/, "  'toy-context': toyContextConfig,\n", "import { toyContextConfig } from './toy-context/config.js';\n"],
  ['conformance/sources/index.ts', /  'session-reference': sessionReference,\n/, "  'toy-context': toyContext,\n", "import { toyContext } from './toy-context.js';\n"],
];

const DRIVER = `import { checkText } from './invariants/check.js';
import { SUITE_GENERATORS, generateSuite } from './conformance/generators/suite.js';
import { allRuleModules } from './invariants/rules/index.js';
import { registeredSources } from './conformance/sources/index.js';
import { judgeFixture } from './conformance/runner/judge-fixture.js';
import { pluginFromModule } from './conformance/loader/load-plugin.js';
import { referenceModule } from './reference/index.js';
import { SOURCES } from './spec/revisions.js';
const out = process.argv[2];
const toy = SUITE_GENERATORS.filter((g) => g.name === 'toy-context');
const suite = await generateSuite(out, () => {}, { generators: toy, ruleModules: allRuleModules });
const scenario = suite.catalog.fixtures.find((f) => f.kind === 'scenario')!;
const { readFileSync } = await import('node:fs');
const { readFixture } = await import('./conformance/scenario/store.js');
const fixture = readFixture(out + '/' + scenario.path);
const reference = pluginFromModule(await referenceModule('toy-context', '2026-08'), 'reference', 'reference', 'toy-context');
const good = await judgeFixture(reference.factory, fixture as never, '2026-08');
process.env.TOY_BROKEN = '1';
const bad = await judgeFixture(reference.factory, fixture as never, '2026-08');
delete process.env.TOY_BROKEN;
const badLog = readFileSync(out + '/' + suite.catalog.fixtures.find((f) => f.kind === 'log')!.path + '/log.jsonl', 'utf8');
const checked = await checkText('bad.jsonl', badLog);
console.log(JSON.stringify({
  sources: SOURCES, registered: registeredSources().map((s) => s.name), total: suite.total,
  kinds: suite.catalog.fixtures.map((f) => f.kind).sort(), coverage: suite.coverage.split('\\n').filter((l) => l.includes('TOY-')),
  good: good.status, bad: bad.status, badRules: bad.rules ?? [], checked: checked.findings.filter((f) => f.severity !== 'info').map((f) => f.rule),
}));
`;

describe('adding a source (CONTRIBUTING.md)', () => {
  it('one folder per room and one line per registry table give a working source end to end', () => {
    for (const dir of ['spec', 'reference', 'invariants', 'conformance']) {
      cpSync(join(root, dir), join(work, dir), { recursive: true, filter: (src) => !src.includes(`${join('conformance', 'fixtures')}`) });
    }
    for (const f of ['package.json', 'tsconfig.json']) cpSync(join(root, f), join(work, f));
    symlinkSync(join(root, 'node_modules'), join(work, 'node_modules'));
    for (const [path, text] of Object.entries(FILES)) {
      mkdirSync(dirname(join(work, path)), { recursive: true });
      writeFileSync(join(work, path), text);
    }
    for (const [file, after, line, imports] of LINES) {
      const text = readFileSync(join(work, file), 'utf8');
      expect(after.test(text), `${file} has the table CONTRIBUTING.md names`).toBe(true);
      writeFileSync(join(work, file), (imports ?? '') + text.replace(after, (m) => m + line));
    }
    writeFileSync(join(work, 'driver.ts'), DRIVER);
    const run = spawnSync(process.execPath, [join(root, 'node_modules', 'tsx', 'dist', 'cli.mjs'), 'driver.ts', join(work, 'out')], { cwd: work, encoding: 'utf8', timeout: 120_000 });
    expect(run.stderr.trim(), run.stderr).toBe('');
    const got = JSON.parse(run.stdout.trim().split('\n').at(-1)!);
    expect(got.sources).toContain('toy-context');
    expect(got.registered).toContain('toy-context');
    expect(got.kinds).toEqual(['log', 'scenario']);
    expect(got.coverage.join('\n')).toMatch(/TOY-HELLO-1.*toy-context.*error \| 2/);
    expect(got.good).toBe('pass');
    expect(got.bad).toBe('fail');
    expect(got.checked).toEqual(['TOY-HELLO-1']);
  }, 180_000);
});
