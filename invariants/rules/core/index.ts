import type { RuleModule } from '../../engine.js';
import { engineModule } from '../../engine-rules.js';
import { compactionModule } from './compaction.js';
import { envelopeModule } from './envelope.js';
import { messageModule } from './messages.js';
import { readerModule } from './reader.js';
import { surfaceModule } from './surface.js';
import { turnModule } from './turns.js';
import { vocabularyModule } from './vocabulary.js';

/** The core `LOG-*` rules: what every DSH session log must satisfy, whichever sources wrote it. */
export const coreRuleModules: readonly RuleModule[] = [
  readerModule,
  engineModule,
  envelopeModule,
  vocabularyModule,
  messageModule,
  surfaceModule,
  turnModule,
  compactionModule,
];
