// A contributor plugin that is none of the four sources.
export const name = 'memory-notes';
export function apply(ctx) {
  ctx.on('agent/pre-step', (_payload, next) => next());
}
