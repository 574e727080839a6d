'use strict';
// A CommonJS build whose module.exports is a fresh namespace; behaviour from the published package.
const upstream = require('@deepseek-ai/dsh-agent-instructions');

module.exports = {
  name: 'agent-instructions',
  Config: upstream.Config,
  apply: (ctx, config) => upstream.apply(ctx, config),
  // The documented library functions, re-exported (DSH consumers import them by name).
  discoverBaselineInstructionFiles: upstream.discoverBaselineInstructionFiles,
  loadBaselineInstructions: upstream.loadBaselineInstructions,
  renderWorkspaceContext: upstream.renderWorkspaceContext,
};
