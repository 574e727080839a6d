import type { ServiceLookup } from '../host/context.js';
import type { Outcome } from './schema.js';

/**
 * What of an outcome the spec makes normative (spec/verdicts.md, "What is compared"): whether the plugin
 * loaded, failed to load, entered, rejected or failed the turn, and where, always; for a failed turn the
 * message and code too, because the host writes both into the durable log's `turn/end` and shows them
 * to the user. An error's class name is never normative (no log, model or user sees it), and neither is
 * anything about a load failure but the fact: DSH reports it to the operator in its own words
 * (`ValidationError: invalid config:` …) and the wording comes from whichever schema library the plugin
 * uses.
 */
export function normativeOutcome(o: Outcome | undefined): unknown {
  if (o === undefined) return undefined;
  if (o.kind === 'load-error') return { kind: o.kind };
  if (o.kind === 'error') {
    const { name: _name, ...rest } = o.error;
    return { ...o, error: rest };
  }
  return o;
}

/** A note for a non-normative difference between two outcomes that agree normatively. */
export function outcomeNote(index: number, expected: Outcome, actual: Outcome): string | undefined {
  if (expected.kind === 'load-error' && actual.kind === 'load-error') {
    const e = expected.error;
    const a = actual.error;
    if (e.name === a.name && e.message === a.message && e.code === a.code) return undefined;
    return `action outcome ${index + 1}: fails at load as expected; its error differs in class or wording, which the spec leaves to the plugin (expected ${e.name}: ${e.message}${e.code ? ` [${e.code}]` : ''}, got ${a.name}: ${a.message}${a.code ? ` [${a.code}]` : ''})`;
  }
  if (expected.kind === 'error' && actual.kind === 'error' && expected.error.name !== actual.error.name) {
    return `action outcome ${index + 1}: the turn fails as expected; the error class differs (expected ${expected.error.name}, got ${actual.error.name}), which is not normative`;
  }
  return undefined;
}

/** The warning for one lookup of a service the host does not offer. */
export function lookupWarning(lookup: ServiceLookup): string {
  const offered = lookup.offered.length ? lookup.offered.join(', ') : 'none';
  if (lookup.via === 'inject') {
    return `the plugin injects service "${lookup.name}", which this host does not offer (it offers: ${offered}); DSH does not start a plugin until every injected service is there, so it never ran`;
  }
  return `the plugin looked up service "${lookup.name}" with ctx.get(), which this host does not offer (it offers: ${offered}); it got undefined`;
}
