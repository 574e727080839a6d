import type { ScenarioDraft } from '../../scenario/draft.js';
import { HOSTILE, answer, changeSessions, contextTexts, enter, expectThat, failure, loaded, mention, payloadOf, preStep, prompt, richConversation, scenario, simple, otherSession } from './dsl.js';

/** Escaping, projection, compaction and replay independence (upstream tests 8–10, 15). */
export function projection(): ScenarioDraft[] {
  return [
    // ---- escaping (upstream test 10) ----
    scenario({
      category: 'escaping',
      title: 'A hostile closing tag and injected instructions stay inside tag-safe JSON with their value intact',
      rules: ['SR-TXT-1', 'SR-TXT-2'],
      sessions: [otherSession('source', [{ user: HOSTILE }, { assistant: 'a <b>bold</b> answer' }])],
      actions: [prompt(`use ${mention('source')}`), preStep()],
      outcomes: [loaded, enter(1, 2)],
      check: (actual) => {
        const [text] = contextTexts(actual);
        expectThat(text.split('</referenced-sessions>').length === 2, 'exactly one closing tag');
        expectThat(payloadOf(text)[0].conversation[0].text === HOSTILE, 'value preserved');
      },
    }),
    scenario({
      category: 'escaping',
      title: 'A label with "]" and "\\" round-trips through the mention and lands unescaped in the payload',
      rules: ['SR-TXT-3'],
      sessions: [simple('source')],
      actions: [prompt(`see ${mention('source', 'a]b\\c <tag>')}`), preStep()],
      outcomes: [loaded, enter(1, 2)],
    }),

    // ---- projection and compaction (upstream tests 8, 9) ----
    scenario({
      category: 'compaction',
      title: 'Only the current surface\'s direct user messages, checkpoint and assistant text are projected',
      rules: ['SR-TXT-3', 'SR-STAT-2'],
      sessions: [otherSession('source', richConversation, { cwd: '/source' })],
      actions: [prompt(`use ${mention('source')}`), preStep()],
      outcomes: [loaded, enter(1, 2)],
      check: (actual) => {
        const texts = payloadOf(contextTexts(actual)[0])[0].conversation.map((c) => c.text);
        expectThat(JSON.stringify(texts) === JSON.stringify(['<compacted-summary>\ncheckpoint\n</compacted-summary>', 'recent user', 'human steer', 'visible answer']), `projected ${JSON.stringify(texts)}`);
      },
    }),
    scenario({
      category: 'compaction',
      title: 'Earlier snapshots in the source are not propagated',
      rules: [],
      sessions: [otherSession('source', [{ context: 'nested referenced snapshot must not propagate' }, { user: 'direct source question' }])],
      actions: [prompt(`inspect ${mention('source')}`), preStep()],
      outcomes: [loaded, enter(1, 2)],
      check: (actual) => expectThat(!contextTexts(actual)[0].includes('nested referenced snapshot'), 'no nested snapshot'),
    }),
    scenario({
      category: 'compaction',
      title: 'A compacted source keeps its checkpoint even under a tight budget',
      rules: ['SR-BUDGET-1'],
      config: { maxReferenceBytes: 300 },
      sessions: [otherSession('source', [{ user: 'u1 '.repeat(20) }, { assistant: 'a1 '.repeat(20) }, { user: 'u2 '.repeat(20) }, { compact: 'the gist of it', keepLast: 1 }, { assistant: 'a2 '.repeat(20) }, { user: 'latest' }])],
      actions: [prompt(`${mention('source')}`), preStep()],
      outcomes: [loaded, enter(1, 2)],
      check: (actual) => expectThat(contextTexts(actual)[0].includes('the gist of it'), 'checkpoint kept'),
    }),

    // ---- replay independence (upstream test 15) ----
    scenario({
      category: 'restart',
      title: 'Changing, compacting and deleting the source after capture leaves the logged snapshot as it was',
      rules: ['SR-POS-1'],
      sessions: [otherSession('source', [{ user: 'durable referenced fact' }])],
      actions: [
        prompt(`use ${mention('source')}`),
        preStep(),
        ...answer('noted'),
        changeSessions({ op: 'append', sessionId: 'source', event: { type: 'assistant/message', data: { turn: 1, step: 1, message: { role: 'assistant', content: [{ type: 'text', text: 'later source mutation' }], source: { kind: 'model', provider: 'sim', model: 'sim-model' }, id: 'source#later' } }, surfaceOp: 'append' } }),
        changeSessions({ op: 'append', sessionId: 'source', event: { type: 'user/message', data: { content: [{ type: 'text', text: 'later compact checkpoint' }], source: { kind: 'plugin', plugin: 'compact' }, role: 'user', id: 'source#cp' }, surfaceOp: { op: 'replace', start: 0, end: 1 }, sourceEventSeqs: [0, 1] } }),
        { do: 'restart' },
        prompt('what did the other session say?'),
        preStep(),
        ...answer('it said the durable fact'),
        changeSessions({ op: 'delete', sessionId: 'source' }),
        { do: 'restart' },
        prompt(`again ${mention('source')}`),
        preStep(),
      ],
      outcomes: [loaded, enter(1, 2), loaded, enter(2, 1), loaded, failure(3, 'SESSION_REFERENCE_READ_FAILED', 'failed to read referenced session: session "source" not found')],
      check: (actual) => {
        const texts = contextTexts(actual);
        expectThat(texts.length === 1 && texts[0].includes('durable referenced fact') && !texts[0].includes('later source mutation'), 'snapshot unchanged');
      },
    }),
    scenario({
      category: 'restart',
      title: 'A source captured twice shows each capture as it was at its time',
      rules: ['SR-TXT-3'],
      sessions: [otherSession('source', [{ user: 'version one' }])],
      actions: [
        prompt(`${mention('source')}`),
        preStep(),
        ...answer('ok'),
        changeSessions({ op: 'append', sessionId: 'source', event: { type: 'user/message', data: { content: [{ type: 'text', text: 'version two' }], source: { kind: 'user' }, role: 'user', id: 'source#v2' }, surfaceOp: 'append' } }),
        prompt(`${mention('source')} again`),
        preStep(),
      ],
      outcomes: [loaded, enter(1, 2), enter(2, 2)],
    }),

  ];
}
