import type { Decision } from './driver.js';
import { PreStepDriver } from './driver.js';
import type { GeneratedSession } from './history.js';
import type { LoadedImplementation } from './implementations.js';
import type { BenchSource, Expectation, ShapeSpec } from './shapes.js';

/**
 * The correctness guard: before anything is timed, the reference and the published plugin run the same
 * pre-steps of the same session side by side, and must decide the same (inject or not, the same
 * messages in the same order, texts and sources equal; ids differ by design). The first decision must
 * also be what the shape promises, so a "suppressed" shape really measures suppression.
 */

export class GuardError extends Error {
  override readonly name = 'GuardError';
}

/** A decision with message ids removed (fresh per call), as comparable JSON. */
export function normalizeDecision(decision: Decision): string {
  if (decision.kind !== 'enter') return JSON.stringify({ kind: decision.kind });
  return JSON.stringify({ kind: 'enter', messages: decision.messages.map(({ role, content, source }) => ({ role, content, source })) });
}

/** Did the plugin add a reading of its own to the batch? */
export function injected(decision: Decision, source: BenchSource): boolean {
  return decision.kind === 'enter' && decision.messages.some((m) => m.source.kind === 'plugin' && m.source.plugin === source);
}

function meets(expectation: Expectation, didInject: boolean): boolean {
  return expectation === 'any' || (expectation === 'inject') === didInject;
}

export interface GuardReport {
  source: BenchSource;
  shape: ShapeSpec['id'];
  size: number;
  preSteps: number;
  injections: number;
}

/**
 * Run `preSteps` measured-style pre-steps on both implementations over `base` and throw a
 * {@link GuardError} at the first disagreement or unmet expectation.
 */
export async function guardShape(reference: LoadedImplementation, upstream: LoadedImplementation, shape: ShapeSpec, base: GeneratedSession, preSteps = 12): Promise<GuardReport> {
  const source = reference.source;
  const drivers = [new PreStepDriver(reference, shape, base), new PreStepDriver(upstream, shape, base)];
  let injections = 0;
  for (let i = 0; i < preSteps; i++) {
    const decisions: Decision[] = [];
    for (const driver of drivers) {
      if (shape.mode === 'restart-first') driver.restart();
      else if (i === 0 && shape.mode === 'restart-steady') {
        driver.restart();
        await driver.prime();
      }
      await driver.prepare();
      decisions.push(await driver.call());
    }
    const [ours, theirs] = decisions.map(normalizeDecision);
    const where = `${source} shape ${shape.id} at ${base.session.events.length} events, measured pre-step ${i + 1}`;
    if (ours !== theirs) throw new GuardError(`${where}: reference and ${upstream.label} disagree\n  reference: ${ours}\n  upstream:  ${theirs}`);
    const didInject = injected(decisions[0], source);
    if (didInject) injections++;
    if (i === 0 && !meets(shape.expectFirst[source], didInject)) {
      throw new GuardError(`${where}: expected the first pre-step to ${shape.expectFirst[source]}, but it ${didInject ? 'injected' : 'did not inject'}`);
    }
    for (let d = 0; d < drivers.length; d++) {
      if (shape.mode === 'restart-first') drivers[d].discard();
      else await drivers[d].complete(decisions[d]);
    }
  }
  return { source, shape: shape.id, size: base.session.events.length, preSteps, injections };
}

/** Structural promises of the generated logs (where their readings are), checked once per log. */
export function checkHistory(base: GeneratedSession): void {
  const { events, surface } = base.session;
  const visible = new Set(surface.nodes);
  for (const plugin of ['time-context', 'tmux-context']) {
    const readings = events.filter((e) => e.type === 'user/message' && (e.data as { source?: { plugin?: unknown } }).source?.plugin === plugin);
    const latest = readings[readings.length - 1];
    const fail = (what: string) => {
      throw new GuardError(`generated ${base.recipe} log (${events.length} events): ${what} (${plugin})`);
    };
    switch (base.recipe) {
      case 'no-reading':
        if (readings.length > 0) fail('has readings');
        break;
      case 'suppressed':
        if (readings.length !== 1 || latest.seq > events.findIndex((e) => e.type === 'turn/end')) fail('needs exactly one reading, in turn 1');
        break;
      case 'compacted':
        if (latest === undefined || visible.has(latest.seq)) fail('needs a reading, the latest one shadowed');
        break;
      case 'every-step':
        if (latest === undefined || events.length - latest.seq > 150) fail('needs a reading in the last turn');
        break;
    }
  }
}
