import { z } from 'zod';

/**
 * A finding is plain data: what rule, how bad, where, which events prove it, and what was expected and
 * found: a message id and its facts (`data`, JSON), which the rule's template renders as `message`
 * (invariants/messages.ts, the one place a message is made). Reporters render findings; nothing else
 * formats them.
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
  messageId: z.string().describe('Which of the rule\'s message templates renders this finding, e.g. notNonEmptyString'),
  data: z.record(z.string(), z.unknown()).describe('The facts the message states (found and expected values, seqs, field names), as JSON; values read from the log appear as their bounded rendering'),
  message: z.string().describe('The rendered text: the rule\'s template for messageId applied to data'),
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
