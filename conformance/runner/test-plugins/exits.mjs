// A time-context plugin that ends the process: the runner must report `error` and go on.
export const name = 'time-context';
export function apply(ctx) {
  ctx.on('agent/pre-step', () => process.exit(7), { prepend: true });
}
