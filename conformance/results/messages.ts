import { terminalSafe } from '../../invariants/text/safe-text.js';
import type { Outcome } from '../scenario/schema.js';
import type { EventSummary, ReasonCode, ReasonData, VerdictReason } from './reasons.js';

/**
 * The words of every verdict, in one place: one template per reason code, from the code's data to
 * the text a person reads. A result's `message` is `renderReason(result.reason)`; reporters call
 * {@link resultMessage} rather than composing text of their own. The record is typed over every code,
 * so a code without a template does not compile.
 */

function describeOutcome(o: Outcome | null): string {
  if (o === null) return 'nothing';
  switch (o.kind) {
    case 'enter':
      return `enter turn ${o.turn}/step ${o.step} with ${o.appended} message(s)`;
    case 'completed-empty':
      return `an empty first step (turn ${o.turn} completed)`;
    case 'reject':
      return `reject at turn ${o.turn}/step ${o.step}`;
    case 'error':
      return `a failed turn ${o.turn}/step ${o.step}: ${o.error.name}: ${o.error.message}`;
    case 'loaded':
      return 'a successful load';
    case 'load-error':
      return `a load-time ${o.error.name}: ${o.error.message}`;
  }
}

/** `seq 5 user/message source plugin/x "Time sampled..."` (the text only when asked for, shortened). */
function describeEvent(e: EventSummary, withText = true): string {
  const src = e.source ? ` source ${e.source.kind}${e.source.plugin ? `/${e.source.plugin}` : ''}` : '';
  const text = e.text;
  return `seq ${e.seq} ${e.type}${src}${withText && typeof text === 'string' ? ` ${JSON.stringify(text.length > 80 ? `${text.slice(0, 77)}...` : text)}` : ''}`;
}

const denials = (denied: ReadonlyArray<{ permission: string; resource: string }>) => denied.map((d) => `${d.permission} ${d.resource}`).join(', ');
const show = (line: string | null) => (line === null ? '(no line)' : JSON.stringify(line));
/** Contributor texts quote the plugin (its names, its messages): made terminal-safe where they are written. */
const safe = (text: string) => terminalSafe(text, { multiline: true });
const withFixture = (text: string, fixture: string | undefined) => (fixture === undefined ? text : `${text}\nFixture: ${fixture}`);

type Templates = { [C in ReasonCode]: (data: ReasonData<C>) => string };

export const TEMPLATES: Templates = {
  ok: () => 'ok',
  'outcome-mismatch': (d) => `action outcome ${d.action}: expected ${describeOutcome(d.expected)}, got ${describeOutcome(d.actual)}`,
  'log-difference': (d) => {
    const where = d.change === 'extra' ? `an extra event ${describeEvent(d.event)}` : d.change === 'missing' ? `a missing event ${describeEvent(d.event)}` : `${describeEvent(d.event, false)}, at ${d.at || 'the event'}`;
    const text = d.text ? `text line ${d.text.line}: expected ${show(d.text.expected)}, got ${show(d.text.actual)}` : undefined;
    return `durable log differs: ${where}${text ? `: ${text}` : ''}`;
  },
  'warnings-difference': (d) => `logged warnings differ: expected ${JSON.stringify(d.expected)}, got ${JSON.stringify(d.actual)}`,
  'observations-difference': (d) => `${d.section} observations differ at ${d.path}: expected ${JSON.stringify(d.expected)}, got ${JSON.stringify(d.actual)}`,
  'invariant-violation': (d) => {
    const first = d.violations[0];
    return `the log the plugin produced violates ${first.rule} at seq ${first.seq}: ${d.finding}${d.violations.length > 1 ? ` (+${d.violations.length - 1} more)` : ''}`;
  },
  timeout: (d) =>
    d.during === 'startup' ? `the plugin process did not start within ${d.timeoutMs} ms` : `${d.during === 'load' ? 'loading the plugin' : 'the scenario'} did not finish within --timeout ${d.timeoutMs} ms (the plugin hung or looped)`,
  crash: (d) => {
    switch (d.how) {
      case 'exit':
        return `the plugin ended the process (exit code ${d.exitCode}${d.signal ? `, signal ${d.signal}` : ''})`;
      case 'memory':
        return `the plugin process exceeded the memory ceiling of ${d.limitMiB} MiB (resident ${d.residentMiB} MiB; --max-memory) and was stopped`;
      case 'threw':
        return `the plugin broke the host while running the scenario: ${d.message}${d.denied.length ? ` (denied: ${denials(d.denied)})` : ''}${d.stack ? `\n${d.stack}` : ''}`;
    }
  },
  'protocol-violation': (d) => {
    switch (d.violation) {
      case 'oversized':
        return `the plugin process sent a message of ${d.bytes} bytes or more, over the limit of the kit's channel`;
      case 'not-json':
        return `the plugin process sent a malformed message (not JSON): ${d.excerpt}`;
      case 'malformed':
        return `the plugin process sent a malformed message: ${d.issue !== undefined ? `${d.path || '(root)'}: ${d.issue}` : 'invalid'}`;
      case 'unsolicited':
        return `the plugin process sent an unsolicited "${d.type}" message${d.outstanding ? ' while another request was outstanding' : ''} (request ids do not match): results can only answer the kit's own requests`;
      case 'shell-outside-scenario':
        return 'the plugin process asked for a shell command outside a scenario';
      case 'too-many-shell-commands':
        return `the plugin ran more than ${d.limit} shell commands in one scenario`;
      case 'unexpected-reply':
        return `unexpected reply ${d.during === 'load' ? 'while loading' : 'to a scenario'}: ${d.reply}`;
    }
  },
  'load-failed': (d) => (d.stack && !d.stack.includes(d.message) ? `${d.message}\n${d.stack}` : d.message),
  'load-changed': (d) => `the plugin loaded as ${d.label} (${d.source}) after loading as ${d.previousLabel} (${d.previousSource})`,
  'kit-failure': (d) => {
    switch (d.failure) {
      case 'runtime-missing':
        return `the kit's compiled runtime is missing (${d.path}); run \`npm run build\``;
      case 'spawn':
        return `could not start the plugin process: ${d.message}`;
      case 'start':
        return d.message;
      case 'stopped':
        return 'stopped';
    }
  },
  'not-testable': (d) =>
    `the plugin broke the host while running the scenario: Not testable: the kit could not run this fixture: ${d.message}${d.denied.length ? ` (denied: ${denials(d.denied)})` : ''}${d.stack ? `\n${d.stack}` : ''}`,
  'cannot-load': (d) => `cannot load plugin ${d.plugin}: ${renderReason(d.cause)}`,
  'reload-failed': (d) => `the plugin could not be (re)loaded in a fresh process: ${renderReason(d.cause)}`,
  'sandbox-denied': (d) => `the plugin tried what the conformance sandbox denies (${denials(d.denied)}); then: ${renderReason(d.then)}`,
  'contributor-holds': (d) => `holds over ${d.runs} generated sessions`,
  'contributor-waived': (d) => safe(`waived (${d.where}): ${d.reason}`),
  'contributor-noted': (d) => safe(`${d.severity}: ${d.finding}`),
  'contributor-violation': (d) => safe(withFixture(`${d.explanation}${d.reproduce ? `\nReproduce: dsh-ctx-conform ${d.reproduce.plugin} --fixtures ${d.reproduce.fixtures}` : ''}`, d.fixture)),
  'contributor-fixed': (d) => safe(withFixture(`no longer breaks ${d.rules.join(', ')}`, d.fixture)),
  'contributor-error': (d) => safe(withFixture(d.message, d.fixture)),
  'property-agrees': (d) => `agrees with the reference on ${d.runs} generated sessions`,
  'property-differs': (d) =>
    `differs from the reference after ${d.runs} run(s) (seed ${d.seed}, path "${d.path}", shrunk ${d.shrinks} time(s)): ${d.last ? `${d.last.status}: ${renderReason(d.last.reason)}` : ''}`,
  'property-not-run': (d) => `the property could not run: ${d.error}`,
  'property-no-reference': () => 'Not testable: a contributor plugin has no reference to compare with; the contributor suite judges it',
};

/** The text of a reason. */
export function renderReason(reason: VerdictReason): string {
  return (TEMPLATES[reason.code] as (data: unknown) => string)(reason.data);
}

/** A result's text for a reporter: rendered from its reason; a report written before reasons existed keeps its message. */
export function resultMessage(result: { message: string; reason?: VerdictReason }): string {
  return result.reason ? renderReason(result.reason) : result.message;
}
