import { variant } from '../../../reference/agent-instructions/variant.js';

export const description = 'escapes the opening <system-reminder> tag instead of the closing one, so repository text can close the frame';

const plugin = variant({ escapeFrameBody: (body) => body.replaceAll('<system-reminder>', '<\\system-reminder>') });
export const { name, Config, apply } = plugin;
