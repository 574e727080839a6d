// Extra exports around the plugin: an Error class first, constants, a helper. DSH takes the namespace
// (there is no default export), so none of them is mistaken for the plugin.
import * as upstream from '@deepseek-ai/dsh-tmux-context';

export class TmuxQueryError extends Error {
  name = 'TmuxQueryError';
}
export const TMUX_FORMAT_FIELDS = ['session_name', 'window_index', 'pane_index', 'pane_id'];
export function describeVariant() {
  return 'tmux-context with extra exports';
}

export const name = 'tmux-context';
export const inject = upstream.inject;
export const Config = upstream.Config;
export const apply = (ctx, config) => upstream.apply(ctx, config);
