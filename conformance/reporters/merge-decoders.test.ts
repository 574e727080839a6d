import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { checkPaths } from '../../invariants/check-paths.js';
import { zstdDecoderName } from '../../invariants/log/zstd/decoders.js';
import { mergeCheckReports } from './merge.js';

/** Shards merged keep the list of zstd decoders that ran (once each), and none when no shard had one. */
const fixtures = fileURLToPath(new URL('../../invariants/log/test-fixtures/', import.meta.url));
const tool = { name: 'dsh-ctx-conform', version: 'test' };

describe('merge-reports: zstd decoders', () => {
  it('unions the decoders of the shards', async () => {
    const plain = await checkPaths([`${fixtures}synthetic-session.jsonl`], { tool });
    const zstd = await checkPaths([`${fixtures}real-session-run1.jsonl.zstd`], { tool });
    const zstd2 = await checkPaths([`${fixtures}multi-frame.jsonl.zstd`], { tool });
    expect(mergeCheckReports([plain, zstd, zstd2]).summary.zstdDecoders).toEqual([zstdDecoderName()]);
    expect(mergeCheckReports([plain]).summary.zstdDecoders).toBeUndefined();
  });
});
