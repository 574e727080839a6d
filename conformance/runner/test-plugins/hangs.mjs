// A time-context plugin whose pre-step never settles: the runner must report `error` after --timeout.
export const name = 'time-context';
export function apply(ctx) {
  ctx.on('agent/pre-step', () => new Promise(() => {}), { prepend: true });
}
