import { z } from 'zod';

/**
 * The data formats of the `fs` service adapter (see ./fs.ts): the fixture's `env.workspace` section,
 * the `{do:'env', section:'workspace'}` changes, and the shapes the DSH `fs` surface returns.
 */

const AbsolutePath = z.string().regex(/^\//, 'must be an absolute POSIX path');

export const FileEntry = z
  .object({
    content: z.string(),
    version: z.string().optional().describe('a fixed version token (a backend whose token does not change on rewrite)'),
    size: z.number().int().min(0).nullable().optional().describe('reported size; null: the backend reports none; default: the true UTF-8 size'),
    unreadable: z.boolean().optional().describe('stat works, reading fails (FS_PERMISSION_DENIED)'),
  })
  .strict();
export type FileEntry = z.infer<typeof FileEntry>;

export const FaultKind = z.enum(['resolve', 'stat', 'read', 'hang']);
export type FaultKind = z.infer<typeof FaultKind>;

export const WorkspaceSpec = z
  .object({
    files: z.record(AbsolutePath, z.union([z.string(), FileEntry])).default({}).describe('regular files; parents are created'),
    dirs: z.array(AbsolutePath).default([]).describe('directories (e.g. a `.git` directory marker)'),
    symlinks: z.record(AbsolutePath, z.string()).default({}).describe('symlink path → target as written (absolute or relative)'),
    others: z.array(AbsolutePath).default([]).describe("entries that are neither file nor directory (a FIFO): stat type 'other'"),
    faults: z
      .record(AbsolutePath, z.array(FaultKind))
      .default({})
      .describe('resolve: resolve(path) throws; stat: stat of that target throws; read: streamText throws; hang: streamText does not answer until its signal aborts (then rejects with the reason) or the fault is cleared (then reads normally)'),
    env: z
      .object({
        HOME: AbsolutePath.optional().describe('the OS home while the scenario runs (default dshHome is $HOME/.dsh)'),
        DSH_HOME: z.string().nullable().optional().describe('$DSH_HOME while the scenario runs; null: unset'),
      })
      .strict()
      .default({}),
    chunkSize: z.number().int().min(1).default(65_536).describe('characters per streamed chunk'),
    provider: z.boolean().default(true).describe('false: the host has no fs service at all'),
    observe: z
      .array(z.enum(['streams', 'stats', 'chunks']))
      .default([])
      .describe(
        'what the fixture asserts about provider traffic, as order-free counts: streams/stats are sorted multisets of targets read/stat-ed, chunks the number of chunks consumed',
      ),
  })
  .strict();
export type WorkspaceSpec = z.infer<typeof WorkspaceSpec>;
export type WorkspaceSpecInput = z.input<typeof WorkspaceSpec>;

export const WorkspaceChange = z.discriminatedUnion('op', [
  z
    .object({
      op: z.literal('write'),
      path: AbsolutePath,
      content: z.string(),
      version: z.string().optional(),
      size: z.number().int().min(0).nullable().optional(),
    })
    .strict()
    .describe('create or overwrite a file (through a symlink, like a real write); parents are created'),
  z.object({ op: z.literal('remove'), path: AbsolutePath }).strict().describe('remove a file, symlink or directory tree'),
  z.object({ op: z.literal('mkdir'), path: AbsolutePath }).strict(),
  z.object({ op: z.literal('symlink'), path: AbsolutePath, target: z.string() }).strict().describe('create or retarget a symlink'),
  z.object({ op: z.literal('fault'), path: AbsolutePath, kinds: z.array(FaultKind) }).strict().describe('set the faults of a path ([] clears)'),
  z.object({ op: z.literal('unreadable'), path: AbsolutePath, value: z.boolean() }).strict(),
]);
export type WorkspaceChange = z.infer<typeof WorkspaceChange>;

export interface FsTarget {
  targetKey: string;
  displayPath: string;
}
export interface FsInfo {
  type: 'file' | 'directory' | 'other';
  version: string;
  size?: number;
}

export class FsError extends Error {
  override readonly name = 'FsError';
  constructor(
    message: string,
    readonly code: string,
  ) {
    super(message);
  }
}
