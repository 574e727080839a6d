import type { Action } from '../scenario/schema.js';
import type { ScenarioInputs } from './executor.js';
import type { ContributorFinding } from './findings.js';

/**
 * A failure in words: the finding's one sentence, then the minimal session as a numbered list of the
 * host's actions ("prompt "hi"", "pre-step (downstream rejects)", "restart", ...). Plain text; the
 * reporter makes it terminal-safe.
 */

const ms = (n: number) => (Math.abs(n) >= 1000 && n % 1000 === 0 ? `${n / 1000} s` : `${n} ms`);

export function describeAction(a: Action): string {
  switch (a.do) {
    case 'clock':
      return a.set !== undefined ? `clock set to ${new Date(a.set).toISOString()}` : `clock ${a.advance! >= 0 ? '+' : '−'}${ms(Math.abs(a.advance ?? 0))}`;
    case 'prompt':
      return `${a.lane === 'next-step' ? 'steer' : 'prompt'} ${JSON.stringify(a.message.text ?? '')}${a.message.source && a.message.source.kind !== 'user' ? ` (source ${a.message.source.kind})` : ''}`;
    case 'pre-step': {
      const d = a.downstream?.kind ?? 'default';
      const how = d === 'default' ? '' : d === 'enter' ? ' (downstream adds a message)' : d === 'reject' ? ' (downstream rejects)' : d === 'throw' ? ' (downstream throws)' : ' (downstream aborts the signal)';
      return `pre-step${how}${a.abortBefore ? ' with the signal already aborted' : ''}`;
    }
    case 'assistant':
      return a.toolCalls?.length ? `assistant calls ${a.toolCalls.map((c) => `${c.name}(${String(Object.values(c.arguments)[0] ?? '')})${c.isError ? ' failing' : ''}`).join(', ')}` : 'assistant answers';
    case 'compact':
      return `compaction (keeps the last ${a.keepLast ?? 1})`;
    case 'restart':
      return a.config ? 'restart with another config' : 'restart';
    case 'env':
      return `${a.section} changes: ${JSON.stringify(a.change)}`;
    case 'tool-result':
      return `tool result outside a step: ${a.call.name}`;
    case 'append':
      return `another producer appends ${a.event.type}`;
    case 'tz':
      return `time zone ${a.tz ?? 'unset'}`;
    default:
      return a.do;
  }
}

export function describeSession(inputs: ScenarioInputs): string[] {
  const lines: string[] = [];
  if (inputs.log.length) lines.push(`(the session starts with ${inputs.log.length} durable events)`);
  if (inputs.config && Object.keys(inputs.config).length) lines.push(`(config ${JSON.stringify(inputs.config)})`);
  const skip = new Set(['settle', 'request', 'step-end']);
  let n = 0;
  for (const a of inputs.actions) if (!skip.has(a.do)) lines.push(`${++n}. ${describeAction(a)}`);
  return lines;
}

/** One sentence plus the minimal session. */
export function explain(f: ContributorFinding, inputs: ScenarioInputs): string {
  return [`${f.rule}: ${f.message}.`, 'Minimal session:', ...describeSession(inputs).map((l) => `  ${l}`)].join('\n');
}
