import { z } from 'zod';
import { SPEC_REVISIONS } from '../../spec/revisions.js';
import { Finding, SuppressedCounts } from '../findings.js';

/**
 * The `check` report: plain data, defined once here with zod. `--reporter json` prints exactly one
 * of these; every other reporter renders one. Exported for JSON Schema generation.
 */
export const FileStatus = z.enum(['ok', 'violations', 'unreadable']);

export const CheckedFile = z.object({
  file: z.string(),
  events: z.number().int().nonnegative().describe('Events read; packed chunk rows count as the events they expand to'),
  status: FileStatus.describe('ok: no error findings; violations: error findings; unreadable: DSH could not load the file'),
  suppressed: SuppressedCounts,
  zstdDecoder: z.string().optional().describe('For a .zstd log: the decoder that read it (native libzstd, or the pure-JS fzstd fallback)'),
});
export type CheckedFile = z.infer<typeof CheckedFile>;

export const CheckSummary = z.object({
  files: z.number().int().nonnegative(),
  events: z.number().int().nonnegative(),
  bytes: z.number().int().nonnegative().describe('Decoded JSONL bytes read'),
  errors: z.number().int().nonnegative(),
  warnings: z.number().int().nonnegative(),
  infos: z.number().int().nonnegative(),
  unreadable: z.number().int().nonnegative().describe('Files DSH could not load'),
  violations: z.number().int().nonnegative().describe('Readable files with at least one error finding'),
  findingsOmitted: z.number().int().nonnegative().describe('Findings left out of `findings` by --max-findings (still counted above)'),
  findingsSuppressed: z.number().int().nonnegative().describe('Findings over the per-rule, per-file cap (--max-findings-per-rule): counted above and per file in `files[].suppressed`, never in `findings`'),
  shard: z.string().nullable().describe('i/n when the run was a shard of a larger file list'),
  zstdDecoders: z.array(z.string()).optional().describe('The zstd decoders that read this run\'s .zstd logs, in order of first use (absent when there were none)'),
});
export type CheckSummary = z.infer<typeof CheckSummary>;

export const CheckReport = z.object({
  tool: z.object({ name: z.string(), version: z.string() }),
  spec: z.enum(SPEC_REVISIONS),
  files: z.array(CheckedFile),
  findings: z.array(Finding),
  summary: CheckSummary,
});
export type CheckReport = z.infer<typeof CheckReport>;
