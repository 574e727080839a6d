// A CommonJS time-context plugin that never injects anything: loads fine, fails fixtures.
module.exports = { name: 'time-context', apply(ctx) { ctx.on('agent/pre-step', (_p, next) => next(), { prepend: true }); } };
