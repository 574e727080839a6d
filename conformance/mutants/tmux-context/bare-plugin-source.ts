import { variantPlugin } from './support/variant.js';

export const description = "Uses the bare source {kind:'plugin', plugin:'tmux-context'} (the README's), not the snapshot form with sections.";

export const { name, inject, Config, apply } = variantPlugin({ source: () => ({ kind: 'plugin', plugin: 'tmux-context' }) });
