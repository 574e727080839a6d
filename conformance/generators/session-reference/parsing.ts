import type { ScenarioDraft } from '../../scenario/draft.js';
import { SELF, UNICODE_ID, enter, expectThat, failure, loaded, mention, nonCanonicalAlias, preStep, prompt, scenario, simple, uri } from './dsl.js';

/** Parsing, ordering and self-reference (upstream tests 1, 2, 5, 6). */
export function parsing(): ScenarioDraft[] {
  return [
    // ---- parsing (upstream test 1, 2) ----
    scenario({
      category: 'parsing',
      title: 'Unicode ids round-trip and mentions become readable @labels; non-references stay text',
      rules: ['SR-POS-1', 'SR-POS-2', 'SR-SRC-4'],
      sessions: [simple(UNICODE_ID)],
      actions: [prompt(`compare ${mention(UNICODE_ID, '源]会话')} and ${uri(UNICODE_ID)}. and \`${uri(UNICODE_ID)}\` — what is a dsh-session: URI? see dsh-session:%%% or @[docs](https://example.test)`), preStep()],
      outcomes: [loaded, enter(1, 2)],
      check: (actual) => {
        const direct = actual.rawLog[2].data as { content: Array<{ text: string }> };
        expectThat(direct.content[0].text === `compare @源]会话 and @${UNICODE_ID}. and \`@${UNICODE_ID}\` — what is a dsh-session: URI? see dsh-session:%%% or @[docs](https://example.test)`, 'readable rewrite');
      },
    }),
    scenario({
      category: 'parsing',
      title: 'A base64url-shaped bare URI that is not canonical fails the turn',
      rules: [],
      sessions: [simple('source')],
      actions: [prompt('see dsh-session:IiJ'), preStep()],
      outcomes: [loaded, failure(1, 'SESSION_REFERENCE_INVALID_REFERENCE', 'invalid session reference URI "dsh-session:IiJ"')],
    }),
    scenario({
      category: 'parsing',
      title: 'A malformed markdown mention fails the turn',
      rules: [],
      sessions: [simple('source')],
      actions: [prompt('@[bad](dsh-session:%%%)'), preStep()],
      outcomes: [loaded, failure(1, 'SESSION_REFERENCE_INVALID_REFERENCE', 'invalid session reference URI "dsh-session:%%%"')],
    }),
    scenario({
      category: 'parsing',
      title: 'A mention whose payload is not a JSON string fails the turn',
      rules: [],
      actions: [prompt(`read dsh-session:${Buffer.from(JSON.stringify({ id: 'x' })).toString('base64url')}`), preStep()],
      outcomes: [loaded, failure(1, 'SESSION_REFERENCE_INVALID_REFERENCE', `invalid session reference URI "dsh-session:${Buffer.from(JSON.stringify({ id: 'x' })).toString('base64url')}"`)],
    }),
    scenario({
      category: 'parsing',
      title: 'A non-canonical alias of an existing session\'s URI is rejected, not resolved',
      rules: [],
      sessions: [simple('source')],
      actions: [prompt(`use @[source](${nonCanonicalAlias('source')})`), preStep()],
      outcomes: [loaded, failure(1, 'SESSION_REFERENCE_INVALID_REFERENCE', `invalid session reference URI "${nonCanonicalAlias('source')}"`)],
    }),
    scenario({
      category: 'parsing',
      title: 'Duplicates collapse before the cap: three mentions of two sessions fit maxReferences 2, first label wins',
      rules: ['SR-SRC-2', 'SR-SRC-4'],
      config: { maxReferences: 2 },
      sessions: [simple('one'), simple('two')],
      actions: [prompt(`${mention('one', 'first')} ${mention('one', 'ignored duplicate')} ${uri('two')}`), preStep()],
      outcomes: [loaded, enter(1, 2)],
      check: (actual) => {
        const source = (actual.rawLog[3].data as { source: { references: Array<{ label: string }> } }).source;
        expectThat(source.references.map((r) => r.label).join() === 'first,two', 'labels first,two');
      },
    }),

    // ---- ordering (upstream test 5, 6) ----
    scenario({
      category: 'ordering',
      title: 'Only direct messages are parsed; the context follows its message, which keeps its id; others pass by identity',
      rules: ['SR-POS-1', 'SR-POS-2'],
      sessions: [simple('research')],
      actions: [
        {
          do: 'pre-step',
          downstream: {
            kind: 'enter',
            replaceClaimed: [
              { id: 'citing-message-research-1', content: [{ type: 'text', text: `compare ${mention('research', 'Research')} now` }, { type: 'reasoning', text: 'kept as is' }] },
              { text: 'an ordinary message' },
              { text: `plugin text ${mention('research', 'Research')}`, source: { kind: 'plugin', plugin: 'goal' } },
            ],
          },
        },
      ],
      outcomes: [loaded, enter(1, 4)],
      check: (actual) => {
        const kinds = actual.rawLog.filter((e) => e.type === 'user/message').map((e) => (e.data as { source: { kind: string } }).source.kind);
        expectThat(kinds.join() === 'user,session-reference,user,plugin', `order ${kinds.join()}`);
        expectThat((actual.rawLog[2].data as { id: string }).id === 'citing-message-research-1', 'direct message keeps its id');
      },
    }),
    scenario({
      category: 'ordering',
      title: 'Two direct messages in one batch each get their own snapshot right after them',
      rules: ['SR-POS-1'],
      sessions: [simple('alpha'), simple('beta')],
      actions: [prompt(`steer with ${mention('beta')}`, 'next-step'), prompt(`start from ${mention('alpha')}`), preStep()],
      outcomes: [loaded, enter(1, 4)],
    }),
    scenario({
      category: 'ordering',
      title: 'A rejected pre-step reads no session',
      rules: [],
      sessions: [simple('source')],
      actions: [prompt(`use ${mention('source')}`), preStep({ downstream: { kind: 'reject' } })],
      outcomes: [loaded, { kind: 'reject', turn: 1, step: 1 }],
      check: (actual) => expectThat(JSON.stringify(actual.observations.sessions) === JSON.stringify({ calls: [] }), 'no sessionQuery calls'),
    }),
    scenario({
      category: 'ordering',
      title: 'Mentions in a later step\'s steering message are resolved in that step',
      rules: ['SR-POS-1'],
      sessions: [simple('source')],
      actions: [prompt('start'), preStep(), { do: 'request' }, { do: 'assistant', text: 'working' }, prompt(`also consider ${mention('source')}`, 'next-step'), preStep()],
      outcomes: [loaded, enter(1, 1), enter(1, 2, 2)],
    }),

    // ---- self-reference ----
    scenario({
      category: 'self-reference',
      title: 'A mention of the session itself fails the turn',
      rules: ['SR-SELF-1'],
      actions: [prompt(`continue ${mention(SELF, 'this one')}`), preStep()],
      outcomes: [loaded, failure(1, 'SESSION_REFERENCE_SELF_REFERENCE', `session "${SELF}" cannot reference itself`)],
    }),
    scenario({
      category: 'self-reference',
      title: 'A duplicated self-reference next to a valid one still fails the turn',
      rules: ['SR-SELF-1'],
      sessions: [simple('other')],
      actions: [prompt(`${mention('other')} ${uri(SELF)} and again ${mention(SELF, 'me')}`), preStep()],
      outcomes: [loaded, failure(1, 'SESSION_REFERENCE_SELF_REFERENCE', `session "${SELF}" cannot reference itself`)],
    }),

  ];
}
