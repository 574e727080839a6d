import type { LogDraft, ScenarioDraft } from '../scenario/draft.js';
import { BASE } from './tmux-context/dsl.js';
import { tmuxContextLogFixtures } from './tmux-context/log-fixtures.js';
import { tmuxContextScenarios } from './tmux-context/scenarios.js';

/**
 * tmux-context: scenarios (plugin behaviour, one file per category in tmux-context/) and validator
 * log fixtures (tmux-context/log-fixtures.ts). Fixtures name this file as their generator.
 */
export { BASE };
export const scenarios = (): ScenarioDraft[] => tmuxContextScenarios();
export const logFixtures = (): Promise<LogDraft[]> => tmuxContextLogFixtures();
