import { describe, expect, it } from 'vitest';
import { createAdapter, createWorkspace, type WorkspaceSpecInput } from './fs.js';

/**
 * The fs service in both modes: the same workspace description must answer every call the same way
 * in memory and over a real temporary directory (versions aside: they are opaque tokens that only need
 * to change when the file does).
 */

const section: WorkspaceSpecInput = {
  files: {
    '/proj/AGENTS.md': 'root rule',
    '/proj/pkg/AGENTS.md': { content: 'pkg 日本', size: null },
    '/proj/locked.md': { content: 'secret', unreadable: true },
    '/proj/fixed.md': { content: 'v1', version: 'fixed' },
    '/proj/.git': 'gitdir: elsewhere',
  },
  dirs: ['/proj/empty'],
  symlinks: { '/proj/CLAUDE.md': 'AGENTS.md', '/proj/abs.md': '/proj/pkg/AGENTS.md', '/proj/dirlink': '/proj/pkg', '/proj/loop.md': 'loop.md', '/proj/dangling.md': '/nowhere/x.md' },
  others: ['/proj/fifo'],
  faults: { '/proj/stat-fails.md': ['stat'], '/proj/resolve-fails.md': ['resolve'] },
  chunkSize: 3,
};

async function text(ws: ReturnType<typeof createWorkspace>, path: string): Promise<string> {
  const target = await ws.service.resolve(path);
  let out = '';
  for await (const chunk of await ws.service.streamText(target)) out += chunk;
  return out;
}

async function answer(ws: ReturnType<typeof createWorkspace>, path: string): Promise<unknown> {
  try {
    const target = await ws.service.resolve(path);
    const info = await ws.service.stat(target);
    let content: unknown;
    try {
      content = await text(ws, path);
    } catch (error) {
      content = { error: (error as { code?: string }).code };
    }
    return { target: target.targetKey, type: info?.type ?? 'absent', size: info?.size ?? null, hasVersion: typeof info?.version === 'string', content };
  } catch (error) {
    return { error: (error as { code?: string }).code };
  }
}

const PATHS = [
  '/proj/AGENTS.md',
  '/proj/pkg/AGENTS.md',
  '/proj/locked.md',
  '/proj/CLAUDE.md',
  '/proj/abs.md',
  '/proj/dirlink',
  '/proj/dirlink/AGENTS.md',
  '/proj/loop.md',
  '/proj/dangling.md',
  '/proj/fifo',
  '/proj/empty',
  '/proj/missing.md',
  '/proj/AGENTS.md/below-a-file.md',
  '/proj/.git',
  '/proj/stat-fails.md',
  '/proj/resolve-fails.md',
];

describe('fs service', () => {
  it('answers resolve/stat/streamText identically in memory and over a real directory', async () => {
    const answers: Record<string, unknown[]> = {};
    for (const mode of ['virtual', 'real'] as const) {
      const ws = createWorkspace(section, mode);
      try {
        answers[mode] = [];
        for (const path of PATHS) answers[mode].push(await answer(ws, path));
      } finally {
        ws.dispose();
      }
    }
    expect(answers.real).toEqual(answers.virtual);
    const byPath = Object.fromEntries(PATHS.map((p, i) => [p, answers.virtual[i]]));
    expect(byPath['/proj/CLAUDE.md']).toMatchObject({ target: '/proj/AGENTS.md', type: 'file', content: 'root rule' });
    expect(byPath['/proj/dirlink/AGENTS.md']).toMatchObject({ target: '/proj/pkg/AGENTS.md', size: null, content: 'pkg 日本' });
    expect(byPath['/proj/dirlink']).toMatchObject({ type: 'directory', content: { error: 'FS_NOT_REGULAR_FILE' } });
    expect(byPath['/proj/locked.md']).toMatchObject({ type: 'file', content: { error: 'FS_PERMISSION_DENIED' } });
    expect(byPath['/proj/loop.md']).toEqual({ error: 'FS_IO_ERROR' });
    expect(byPath['/proj/dangling.md']).toMatchObject({ target: '/nowhere/x.md', type: 'absent' });
    expect(byPath['/proj/fifo']).toMatchObject({ type: 'other' });
    expect(byPath['/proj/AGENTS.md/below-a-file.md']).toMatchObject({ type: 'absent' });
    expect(byPath['/proj/stat-fails.md']).toEqual({ error: 'FS_IO_ERROR' });
    expect(byPath['/proj/resolve-fails.md']).toEqual({ error: 'FS_IO_ERROR' });
  });

  it('bumps versions on every write unless the fixture pins one, in both modes', async () => {
    for (const mode of ['virtual', 'real'] as const) {
      const ws = createWorkspace(section, mode);
      try {
        const version = async (p: string) => (await ws.service.stat(await ws.service.resolve(p)))?.version;
        const before = await version('/proj/AGENTS.md');
        ws.service.apply({ op: 'write', path: '/proj/AGENTS.md', content: 'root rule' });
        expect(await version('/proj/AGENTS.md'), mode).not.toBe(before);
        ws.service.apply({ op: 'write', path: '/proj/fixed.md', content: 'v2', version: 'fixed' });
        expect(await version('/proj/fixed.md')).toBe('fixed');
        expect(await text(ws, '/proj/fixed.md')).toBe('v2');
        // Writing through a symlink changes the target; removing the target leaves the link dangling.
        ws.service.apply({ op: 'write', path: '/proj/CLAUDE.md', content: 'through the link' });
        expect(await text(ws, '/proj/AGENTS.md')).toBe('through the link');
        ws.service.apply({ op: 'remove', path: '/proj/AGENTS.md' });
        expect(await ws.service.stat(await ws.service.resolve('/proj/CLAUDE.md'))).toBeUndefined();
        ws.service.apply({ op: 'symlink', path: '/proj/CLAUDE.md', target: '/proj/pkg' });
        expect((await ws.service.stat(await ws.service.resolve('/proj/CLAUDE.md')))?.type).toBe('directory');
        // Regression: writing onto a FIFO must not block (a real write would wait for a reader).
        ws.service.apply({ op: 'write', path: '/proj/fifo', content: 'now a file' });
        expect(await text(ws, '/proj/fifo')).toBe('now a file');
        // Writes that a real system refuses change nothing: onto a directory, through a loop.
        ws.service.apply({ op: 'write', path: '/proj/empty', content: 'x' });
        ws.service.apply({ op: 'write', path: '/proj/loop.md', content: 'x' });
        expect((await ws.service.stat(await ws.service.resolve('/proj/empty')))?.type).toBe('directory');
      } finally {
        ws.dispose();
      }
    }
  });

  it('checks the signal before every chunk and rejects with its reason', async () => {
    const ws = createWorkspace(section);
    const controller = new AbortController();
    const target = await ws.service.resolve('/proj/pkg/AGENTS.md');
    const chunks = await ws.service.streamText(target, controller.signal);
    const reason = new Error('stop');
    const read = (async () => {
      for await (const _ of chunks) controller.abort(reason);
    })();
    await expect(read).rejects.toBe(reason);
    expect(ws.service.chunksRead).toBe(1);
  });

  it('the adapter exposes no fs without a provider, applies env, and observes only what the fixture opts into', async () => {
    const saved = process.env.HOME;
    const adapter = await createAdapter({ ...section, provider: false, env: { HOME: '/home/sim' }, observe: ['streams', 'stats'] }, { mode: 'virtual' });
    expect(process.env.HOME).toBe('/home/sim');
    expect(adapter.services).toEqual({});
    adapter.dispose?.();
    expect(process.env.HOME).toBe(saved);
    const quiet = await createAdapter(section, { mode: 'virtual' });
    expect(quiet.observe?.()).toBeUndefined();
    const loud = await createAdapter({ ...section, observe: ['streams', 'stats', 'chunks'] }, { mode: 'virtual' });
    const fs = loud.services.fs as ReturnType<typeof createWorkspace>['service'];
    await fs.stat(await fs.resolve('/proj/AGENTS.md'));
    await fs.stat(await fs.resolve('/proj/AGENTS.md'));
    expect(loud.observe?.()).toEqual({ streams: [], stats: ['/proj/AGENTS.md', '/proj/AGENTS.md'], chunks: 0 });
    quiet.dispose?.();
    loud.dispose?.();
  });
});
