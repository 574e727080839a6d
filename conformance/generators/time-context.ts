import type { GeneratorModule } from '../scenario/draft.js';
import { timeContextLogFixtures } from './time-context/log-fixtures.js';
import { timeContextScenarios } from './time-context/scenarios.js';

/** time-context: scenarios (plugin behaviour) and log fixtures (one or more per TC rule id). */
export const scenarios: GeneratorModule['scenarios'] = () => timeContextScenarios();
export const logFixtures: GeneratorModule['logFixtures'] = () => timeContextLogFixtures();
