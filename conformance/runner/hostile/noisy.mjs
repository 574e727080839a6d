// Not hostile: an honest plugin that prints while it works and then crashes with a TypeError.
export const name = 'time-context';
export function apply(ctx) {
  console.log('noisy: apply called');
  ctx.on('agent/pre-step', (_payload, next) => {
    console.error('noisy: about to read an undefined property');
    const config = undefined;
    return config.refreshIntervalMs ?? next();
  }, { prepend: true });
}
