// Fault: a synchronous busy loop (no promise ever settles, the event loop never turns).
export const name = 'time-context';
export function apply(ctx) {
  ctx.on('agent/pre-step', () => { for (;;) {} }, { prepend: true });
}
