'use strict';
// A CommonJS build: module.exports is the namespace; the behaviour is the published package's
// (required as ESM, which Node 20.19+ allows).
const upstream = require('@deepseek-ai/dsh-time-context');

module.exports = {
  name: 'time-context',
  inject: ['agents'],
  Config: upstream.Config,
  apply(ctx, config) {
    return upstream.apply(ctx, config);
  },
};
