import { variant } from '../../../reference/agent-instructions/variant.js';

export const description = 'drops the desired context on a rejected or empty first step instead of queueing it in the inbox';

const plugin = variant({ queueWhenNotEntering: false });
export const { name, Config, apply } = plugin;
