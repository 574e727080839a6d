import { expect, it } from 'vitest';
import { loadPlugin, pluginFromModule } from '../../conformance/loader/load-plugin.js';
import * as reference from './index.js';
import { drive } from './drive.js';

it('smoke', async () => {
  const upstream = await loadPlugin('@deepseek-ai/dsh-agent-instructions');
  const ours = pluginFromModule(reference as never, 'ref', 'ref');
  const input = {
    config: { dshHome: '/home/u/.dsh', maxBytes: 32768 },
    workspace: { files: { '/home/u/.dsh/AGENTS.md': 'Global rule', '/proj/AGENTS.md': 'Project rule', '/proj/pkg/AGENTS.md': 'Pkg rule', '/proj/pkg/src/index.ts': 'x' }, dirs: ['/proj/.git'] },
    cwd: '/proj',
    actions: [
      { do: 'prompt', message: { text: 'please refactor' } },
      { do: 'pre-step' },
      { do: 'request' },
      { do: 'assistant', toolCalls: [{ name: 'read', arguments: { file_path: '/proj/pkg/src/index.ts' } }] },
      { do: 'pre-step' },
      { do: 'request' },
      { do: 'assistant', text: 'done' },
      { do: 'turn-end' },
      { do: 'settle' },
      { do: 'env', section: 'workspace', change: { op: 'write', path: '/proj/AGENTS.md', content: 'Project rule 2' } },
      { do: 'tool-result', call: { name: 'edit', arguments: { file_path: '/proj/AGENTS.md' } } },
      { do: 'settle' },
      { do: 'prompt', message: { text: 'again' } },
      { do: 'pre-step' },
    ],
  } as never;
  const a = await drive(upstream.factory, input);
  const b = await drive(ours.factory, input);
  console.log(JSON.stringify(a.outcomes), a.warnings, a.fsCalls.length);
  console.log(JSON.stringify(a.log.filter((e: any) => e.type === 'user/message').map((e: any) => e.data.content.map((c: any) => c.text ?? c)), null, 1));
  expect(b).toEqual(a);
});
