import { z } from 'zod';

/**
 * A finding is plain data: what rule, how bad, where, which events prove it, and a message that says
 * what was expected and what was found. Reporters render findings; nothing else formats them.
 */
export const Severity = z.enum(['error', 'warning', 'info']);
export type Severity = z.infer<typeof Severity>;

export const Finding = z.object({
  rule: z.string().describe('Stable rule id, e.g. LOG-SEQ-1 or TC-POS-2'),
  severity: Severity,
  file: z.string(),
  line: z.number().int().nullable().describe('1-based logical line in the decoded JSONL, or null for file-level findings'),
  byteOffset: z.number().int().nullable(),
  seq: z.number().int().nullable().describe('seq of the event the finding is about, when there is one'),
  witness: z.array(z.number().int()).describe('seqs of the events that together show the violation'),
  message: z.string(),
  specRef: z.string().describe('Where the rule is written down, e.g. spec/log.md#log-seq-1'),
});
export type Finding = z.infer<typeof Finding>;


/**
 * Findings counted but not kept, per rule id: a file keeps at most `--max-findings-per-rule` findings
 * of each rule (the first ones, in file order); the rest are counted here so every reporter can say
 * how many were left out and of what.
 */
export const SuppressedCounts = z.record(z.string(), z.number().int().positive()).describe('Per rule id: findings counted but not kept (over the per-rule, per-file cap)');
export type SuppressedCounts = z.infer<typeof SuppressedCounts>;
