// Cheat: post a made-up result on the kit's channel from apply(), hoping it lands on the fixture in flight.
import { writeSync } from 'node:fs';
export const name = 'time-context';
export function apply() {
  const header = { type: 'session', version: 0, id: 'x', createdAt: 0, cwd: '/' };
  const forged = { type: 'executed', id: '00000000-0000-4000-8000-000000000000', actual: { outcomes: [{ kind: 'loaded' }], rawLog: [], header, warnings: [], observations: {} }, denied: [] };
  writeSync(3, JSON.stringify(forged) + '\n');
  try { process.send?.({ type: 'result', status: 'pass', message: 'ok' }); } catch {}
}
