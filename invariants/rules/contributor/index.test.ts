import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkLog, checkText } from '../../check.js';
import { contributorLogRules } from './index.js';

const header = { type: 'session', version: 0, id: 's', createdAt: 0, cwd: '/p', delegationDepth: 0 };
const msg = (seq: number, source: object, surfaceOp: unknown = 'append') => ({ type: 'user/message', seq, time: seq, data: { content: [{ type: 'text', text: 'ctx' }], source, role: 'user', id: `00000000-0000-4000-8000-00000000000${seq}` }, surfaceOp });
const text = (events: object[]) => [header, ...events].map((e) => JSON.stringify(e)).join('\n') + '\n';
const ids = async (events: object[]) => (await checkText('t.jsonl', text(events), { modules: [contributorLogRules] })).findings.map((f) => f.rule);

describe('the log-decidable CTX rules (check)', () => {
  const open = [{ type: 'turn/start', seq: 0, time: 0, data: { turn: 1 } }, { type: 'step/start', seq: 1, time: 1, data: { turn: 1, step: 1 } }];
  it('a sourced plugin message in the open step batch is fine', async () => {
    expect(await ids([...open, msg(2, { kind: 'user' }), msg(3, { kind: 'plugin', plugin: 'memory' }), msg(4, { kind: 'notes-plugin', form: 'x' })])).toEqual([]);
  });
  it('outside any step, after the request, replacing, unnamed', async () => {
    expect(await ids([msg(0, { kind: 'plugin', plugin: 'memory' })])).toEqual(['CTX-APPEND-5']);
    const request = { type: 'request/header', seq: 2, time: 2, data: { header: { config: { provider: 'p', model: 'm' } }, reason: 'initial' } };
    expect(await ids([...open, request, msg(3, { kind: 'plugin', plugin: 'memory' })])).toEqual(['CTX-APPEND-5']);
    expect(await ids([...open, msg(2, { kind: 'user' }), msg(3, { kind: 'plugin', plugin: 'memory' }, { op: 'replace', start: 2, end: 2 })])).toEqual(['CTX-APPEND-4']);
    expect(await ids([...open, msg(2, { kind: 'plugin', plugin: '' })])).toEqual(['CTX-SOURCE-3']);
  });
  it('compaction checkpoints, users and tools are not judged', async () => {
    expect(await ids([msg(0, { kind: 'plugin', plugin: 'compact' }, { op: 'replace', start: 0, end: 0 }), msg(1, { kind: 'user' })])).toEqual([]);
  });
  it('the real recorded session and the synthetic samples have no CTX finding', async () => {
    for (const f of ['real-session-run1.jsonl.zstd', 'synthetic-session.jsonl', 'synthetic-minimal.jsonl']) {
      const r = await checkLog(join(import.meta.dirname, '..', '..', 'log', 'test-fixtures', f));
      expect(r.findings.filter((x) => x.rule.startsWith('CTX-')), f).toEqual([]);
    }
  });
});
