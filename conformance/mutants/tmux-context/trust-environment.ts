import { FIELD_SEPARATOR, TMUX_FIELDS } from '../../../reference/tmux-context/command.js';
import { variantPlugin } from './support/variant.js';

export const description = 'Trusts $TMUX_PANE alone: no controlling-tty check, so an inherited tmux environment yields a reading.';

export const { name, inject, Config, apply } = variantPlugin({
  command: () => ['[ -n "$TMUX_PANE" ] || exit 1', `exec tmux display-message -t "$TMUX_PANE" -p '${TMUX_FIELDS.join(FIELD_SEPARATOR)}'`].join('\n'),
});
