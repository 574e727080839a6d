import { materialiseScenario } from './conformance/scenario/materialise.ts';
import { writeFixture, buildCatalog } from './conformance/scenario/store.ts';
import { writeFileSync, mkdirSync, rmSync } from 'node:fs';
const BASE = Date.parse('2026-07-14T00:00:00.000Z');
const checks: any[] = [];
const f = await materialiseScenario({
  source: 'time-context', category: 'format', title: 'smoke: first reading', rules: [], spec: ['2026-08'],
  env: { clock: BASE, tz: 'UTC', header: { type: 'session', version: 0, id: 's1', createdAt: BASE, cwd: '/proj', delegationDepth: 0 } },
  actions: [{ do: 'prompt', message: { text: 'hi' } }, { do: 'clock', advance: 90000 }, { do: 'pre-step' }, { do: 'request' }, { do: 'assistant', text: 'ok' }, { do: 'turn-end' }],
}, checks);
rmSync('/tmp/smoke-fx', { recursive: true, force: true });
mkdirSync('/tmp/smoke-fx');
writeFixture('/tmp/smoke-fx', f);
writeFileSync('/tmp/smoke-fx/index.json', JSON.stringify(buildCatalog('/tmp/smoke-fx', [f])));
console.log(JSON.stringify(checks), f.id, f.expect.outcomes);
