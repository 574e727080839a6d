import { variant } from '../../../reference/agent-instructions/variant.js';

export const description = 'inserts the workspace context before the claimed messages instead of right after the last one';

const plugin = variant({ insertionIndex: (decision, claimed) => Math.max(0, decision.findIndex((message) => claimed.includes(message))) });
export const { name, Config, apply } = plugin;
