// A minimal time-context plugin: one reading per entered step, appended after the batch.
// It deliberately ignores refreshIntervalMs and the elapsed-time line, so some fixtures fail;
// conform-baseline.yaml lists them (the burn-down workflow). See docs/plugin-authors.md.
import { randomUUID } from 'node:crypto';

export const name = 'time-context';
export const inject = ['agents'];

/**
 * Config validation through the Standard Schema interface (`~standard.validate`), which is how DSH
 * (cordis 4) validates a plugin's config; zod 4, valibot or schemastery give you the same interface.
 */
export const Config = {
  '~standard': {
    version: 1,
    vendor: 'example',
    validate(input) {
      const config = input ?? {};
      if (config.timeZone !== undefined && typeof config.timeZone !== 'string') return { issues: [{ message: 'timeZone must be a string', path: ['timeZone'] }] };
      return { value: { timeZone: config.timeZone, refreshIntervalMs: config.refreshIntervalMs ?? 0 } };
    },
  },
};

function offset(date, timeZone) {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' }).formatToParts(date);
  const gmt = parts.find((p) => p.type === 'timeZoneName')?.value ?? 'GMT';
  return gmt === 'GMT' ? '+00:00' : gmt.slice(3);
}

function timestamp(ms, timeZone) {
  const date = new Date(ms);
  const f = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' });
  const p = Object.fromEntries(f.formatToParts(date).map((x) => [x.type, x.value]));
  return `${p.year}-${p.month}-${p.day}T${p.hour}:${p.minute}:${p.second}${offset(date, timeZone)}[${timeZone}]`;
}

export function apply(ctx, config) {
  ctx.on(
    'agent/pre-step',
    async (input, next) => {
      const decision = await next();
      if (decision.kind !== 'enter' || input.signal?.aborted) return decision;
      const timeZone = config.timeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
      const text = [
        `Time sampled while preparing turn ${input.turn}, step ${input.step}: ${timestamp(Date.now(), timeZone)}`,
        'Browser time zone for this request: unavailable. Ask the user to clarify otherwise-unqualified dates and times.',
        `Elapsed since the preceding ${input.step === 1 ? 'model-visible message' : 'step context'}: unavailable.`,
      ].join('\n');
      const message = Object.freeze({
        role: 'user',
        id: randomUUID(),
        content: [{ type: 'text', text }],
        source: { kind: 'plugin', plugin: 'time-context', form: 'snapshot', sections: [{ name: 'time-context', text }] },
      });
      return { kind: 'enter', messages: [...decision.messages, message] };
    },
    { prepend: true },
  );
}
