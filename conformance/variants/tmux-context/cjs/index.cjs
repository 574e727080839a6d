'use strict';
// A CommonJS build with `exports.x = ...` assignments; behaviour from the published package.
const upstream = require('@deepseek-ai/dsh-tmux-context');

exports.name = 'tmux-context';
exports.inject = ['agents'];
exports.Config = upstream.Config;
exports.apply = function apply(ctx, config) {
  upstream.apply(ctx, config);
};
