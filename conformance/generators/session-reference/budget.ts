import type { ScenarioDraft } from '../../scenario/draft.js';
import { CWD, answer, contextTexts, enter, expectThat, failure, loaded, mention, payloadOf, preStep, prompt, richConversation, scenario, simple, otherSession } from './dsl.js';

/** Caps and byte budgets (upstream tests 11–14). */
export function budget(): ScenarioDraft[] {
  return [
    // ---- caps and budgets (upstream tests 11–14) ----
    scenario({
      category: 'budget',
      title: 'Three distinct sessions exceed maxReferences 2',
      rules: ['SR-SRC-2'],
      config: { maxReferences: 2 },
      sessions: [simple('one'), simple('two'), simple('three')],
      actions: [prompt(`${mention('one')} ${mention('two')} ${mention('three')}`), preStep()],
      outcomes: [loaded, failure(1, 'SESSION_REFERENCE_TOO_MANY', 'a message may reference at most 2 sessions')],
    }),
    scenario({
      category: 'budget',
      title: 'Four distinct sessions exceed the hard cap of three',
      rules: ['SR-SRC-2'],
      sessions: ['a', 'b', 'c', 'd'].map((id) => simple(id)),
      actions: [prompt(['a', 'b', 'c', 'd'].map((id) => mention(id)).join(' ')), preStep()],
      outcomes: [loaded, failure(1, 'SESSION_REFERENCE_TOO_MANY', 'a message may reference at most 3 sessions')],
    }),
    scenario({
      category: 'budget',
      title: 'Within 360 bytes the checkpoint and the newest message are kept, the rest dropped or shortened',
      rules: ['SR-BUDGET-1', 'SR-STAT-1', 'SR-STAT-2'],
      config: { maxReferenceBytes: 360 },
      sessions: [otherSession('source', [...richConversation, { assistant: `latest-${'界'.repeat(400)}` }])],
      actions: [prompt(`go ${mention('source')}`), preStep()],
      outcomes: [loaded, enter(1, 2)],
      check: (actual) => {
        const [text] = contextTexts(actual);
        expectThat(text.includes('checkpoint') && text.includes('latest-') && text.includes('omitted'), 'checkpoint, latest and omission marker kept');
      },
    }),
    scenario({
      category: 'budget',
      title: 'Each of three references gets the full byte budget independently',
      rules: ['SR-BUDGET-1'],
      config: { maxReferenceBytes: 360 },
      sessions: ['one', 'two', 'three'].map((id) => ({
        ...otherSession(id, [{ compact: `${id}-${'界'.repeat(400)}` }, { user: `${id}-tail` }]),
      })),
      actions: [prompt(`go ${mention('one')} ${mention('two')} ${mention('three')}`), preStep()],
      outcomes: [loaded, enter(1, 2)],
    }),
    scenario({
      category: 'budget',
      title: 'A budget too small for the fixed data fails the turn without a partial context',
      rules: [],
      config: { maxReferenceBytes: 16 },
      sessions: [simple('source')],
      actions: [prompt(`go ${mention('source')}`), preStep()],
      outcomes: [loaded, failure(1, 'SESSION_REFERENCE_BUDGET_EXCEEDED', 'referenced session snapshot cannot fit the configured byte budget')],
    }),
    scenario({
      category: 'budget',
      title: 'Whole messages are dropped earliest first, the newest is kept',
      rules: ['SR-BUDGET-1', 'SR-STAT-2'],
      config: { maxReferenceBytes: 260 },
      sessions: [otherSession('source', [{ user: 'first question about the release' }, { assistant: 'first answer about the release' }, { user: 'second question' }, { assistant: 'second answer' }, { user: 'newest question' }], { cwd: CWD })],
      actions: [prompt(`go ${mention('source')}`), preStep()],
      outcomes: [loaded, enter(1, 2)],
      check: (actual) => {
        const conversation = payloadOf(contextTexts(actual)[0])[0].conversation.map((c) => c.text);
        expectThat(conversation.at(-1) === 'newest question' && !conversation.includes('first question about the release'), `kept ${conversation.join(' | ')}`);
      },
    }),
    scenario({
      category: 'budget',
      title: 'Head/tail truncation cuts on code-point boundaries (4-byte and 3-byte characters)',
      rules: ['SR-BUDGET-1'],
      config: { maxReferenceBytes: 200 },
      sessions: [otherSession('source', [{ user: `${'😀'.repeat(30)}${'界'.repeat(30)}${'é'.repeat(31)}` }], { cwd: CWD })],
      actions: [prompt(`go ${mention('source')}`), preStep()],
      outcomes: [loaded, enter(1, 2)],
      check: (actual) => expectThat(!contextTexts(actual)[0].includes('\uFFFD'), 'no replacement character'),
    }),

  ];
}
