/**
 * The content of a compaction checkpoint `user/message`, framed the way DSH's basic compaction frames
 * its summary: a preamble ending in `<compacted-summary>`, the summary, then `</compacted-summary>`.
 * Shared by the simulated host's `compact()` and the benchmark's session writer.
 */
export function checkpointContent(summaryText: string): Array<{ type: 'text'; text: string }> {
  return [
    { type: 'text', text: 'This is an automatically generated checkpoint condensing an earlier span of the conversation.\n\n<compacted-summary>' },
    { type: 'text', text: summaryText },
    { type: 'text', text: '</compacted-summary>' },
  ];
}
