import { it, expect } from 'vitest';
import { executeScenario } from '../../conformance/scenario/execute.js';
import { loadPlugin, pluginFromModule } from '../../conformance/loader/load-plugin.js';
import * as ours from './index.js';
import { encodeSessionReferenceUri, formatSessionReferenceMention } from './index.js';

it('smoke', async () => {
  const up = await loadPlugin('@deepseek-ai/dsh-session-reference');
  const ref = pluginFromModule(ours, 'r', 'r');
  const fixture: any = {
    config: { maxReferenceBytes: 200 },
    env: { clock: 1000, tz: 'UTC', header: { type: 'session', version: 0, id: 'self', createdAt: 0, cwd: '/p', delegationDepth: 0 },
      sessions: { sessions: [{ header: { id: 'other', cwd: '/p', createdAt: 5 }, log: [
        { type: 'user/message', data: { content: [{ type: 'text', text: 'How do I <bump> the version? 界界界界界界界界界界界界界界界界界界界界界界界界界界界界界界界界界界界界界界界界' }], source: { kind: 'user' }, role: 'user', id: 'a' }, surfaceOp: 'append' },
        { type: 'assistant/message', data: { turn: 1, step: 1, message: { role: 'assistant', content: [{ type: 'text', text: 'Run it 界界界界界界界界界界界界界界界界界界界界界界界界界界界界界界界界界界界界界界界界界界界界界界界界界界界' }], source: { kind: 'model' }, id: 'b' } }, surfaceOp: 'append' },
      ] }] } },
    log: [],
    actions: [
      { do: 'prompt', message: { text: `see ${formatSessionReferenceMention({ sessionId: 'other', label: 'Rel' })} and ${encodeSessionReferenceUri('other')}` }, lane: 'next-turn' },
      { do: 'pre-step' },
      { do: 'turn-end' },
      { do: 'prompt', message: { text: `self ${encodeSessionReferenceUri('self')}` }, lane: 'next-turn' },
      { do: 'pre-step' },
      { do: 'prompt', message: { text: `missing ${encodeSessionReferenceUri('nope')}` }, lane: 'next-turn' },
      { do: 'pre-step' },
    ],
  };
  const a = await executeScenario(up.factory, fixture);
  const b = await executeScenario(ref.factory, fixture);
  console.log(JSON.stringify(a.outcomes), JSON.stringify(a.log[3]));
  expect(b.outcomes).toEqual(a.outcomes);
  expect(JSON.stringify(b.log)).toEqual(JSON.stringify(a.log));
  expect(b.observations).toEqual(a.observations);
});
