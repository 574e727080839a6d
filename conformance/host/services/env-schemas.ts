import { OtherSessionsSpec } from './session-query.js';
import { TmuxEnv } from './shell.js';
import { WorkspaceSpec } from './fs.js';

/**
 * The schema of each fixture environment section, as a fixture stores it (the input form: defaults
 * may be left out). The published fixture JSON Schema embeds these (conformance/schemas/render.ts)
 * instead of leaving the sections open.
 */
export const ENV_SECTION_SCHEMAS = { tmux: TmuxEnv, workspace: WorkspaceSpec, sessions: OtherSessionsSpec } as const;
