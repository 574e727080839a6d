import type { ScenarioDraft } from '../../scenario/draft.js';
import type { ActionInput } from './dsl.js';
import { CWD, SELF, enter, expectThat, failure, loaded, mention, otherSession, preStep, prompt, scenario, simple, uri } from './dsl.js';

/**
 * The published surface besides the pre-step (upstream tests 1–4, 7): the service name DSH consumers
 * use (`sessionReferenceResolver`), `listCandidates`, the Remote `candidates` method with its
 * `mention` field, and the exported helpers. Results and errors are observations (`calls`).
 */

const agent = { $host: 'agent' };
const signal = { $host: 'signal' };
const service = (method: string, args: unknown[], extra: Partial<Extract<ActionInput, { do: 'service' }>> = {}): ActionInput => ({ do: 'service', name: 'sessionReferenceResolver', method, args, ...extra });
const library = (name: string, ...args: unknown[]): ActionInput => ({ do: 'library', export: name, args });

type Calls = Array<{ call: string; result?: unknown; error?: { code?: string } }>;
const calls = (actual: Parameters<NonNullable<ScenarioDraft['check']>>[0]) => (actual.observations.calls ?? []) as Calls;

/** Upstream's ranking case: same cwd (newest first), no cwd, another cwd; titles label candidates. */
const ranked = [
  otherSession('same-later', [{ user: 'q' }, { title: 'Latest title' }], { cwd: CWD, createdAt: 25 }),
  otherSession('same', [{ user: 'q' }], { cwd: CWD, createdAt: 20 }),
  otherSession('none', [{ user: 'q' }], { createdAt: 30 }),
  otherSession('other', [{ user: 'q' }], { cwd: '/else', createdAt: 40 }),
  otherSession(SELF, [{ user: 'me' }], { cwd: CWD, createdAt: 50 }),
];

export function surface(): ScenarioDraft[] {
  return [
    scenario({
      category: 'surface',
      title: 'The service is published as sessionReferenceResolver, the name DSH consumers look up',
      rules: [],
      actions: [{ do: 'provides' }],
      outcomes: [loaded],
      check: (actual) => expectThat(JSON.stringify(calls(actual)[0].result) === '["sessionReferenceResolver"]', 'provides sessionReferenceResolver'),
    }),
    scenario({
      category: 'surface',
      title: 'listCandidates ranks same-cwd sessions first, then cwd-less, then others; excludes itself; labels by latest title',
      rules: [],
      sessions: ranked,
      actions: [service('listCandidates', [agent]), service('listCandidates', [agent, 'els', 1]), service('listCandidates', [agent, 'LATEST', 1]), service('listCandidates', [agent, '', 0])],
      outcomes: [loaded],
      check: (actual) => {
        const [all, els, latest, zero] = calls(actual);
        expectThat(JSON.stringify((all.result as Array<{ sessionId: string }>).map((c) => c.sessionId)) === '["same-later","same","none","other"]', `ranking ${JSON.stringify(all.result)}`);
        expectThat((els.result as Array<{ sessionId: string }>)[0].sessionId === 'other' && (latest.result as Array<{ label: string }>)[0].label === 'Latest title', 'query filters');
        expectThat(zero.error?.code === 'SESSION_REFERENCE_INVALID_REFERENCE', 'limit 0 rejected');
      },
    }),
    scenario({
      category: 'surface',
      title: 'The Remote candidates method uses the configured limit and adds each canonical mention',
      rules: [],
      config: { candidateLimit: 2 },
      sessions: [otherSession('source]', [{ user: 'q' }, { title: 'Release chat' }], { cwd: CWD, createdAt: 1_800_000_000_000 }), simple('second'), simple('third')],
      actions: [service('candidates', [agent, ''], { remote: true })],
      outcomes: [loaded],
      check: (actual) => {
        const [first] = calls(actual)[0].result as Array<{ sessionId: string; mention: string }>;
        expectThat((calls(actual)[0].result as unknown[]).length === 2, 'configured limit');
        expectThat(first.mention === mention('source]', 'Release chat'), `mention ${first.mention}`);
      },
    }),
    scenario({
      category: 'surface',
      title: 'A failing title observation keeps the candidate, labelled by its id',
      rules: [],
      sessions: [otherSession('broken-title', [{ user: 'q' }, { title: 'never seen' }], { cwd: CWD, titleRead: 'fail' })],
      actions: [service('listCandidates', [agent])],
      outcomes: [loaded],
    }),
    scenario({
      category: 'surface',
      title: 'A stalled title batch is cancelled by the signal: CANCELLED, not a partial list',
      rules: [],
      sessions: [simple('one')],
      actions: [service('listCandidates', [agent, 'one', 5, signal], { abortWhenStalled: true })],
      outcomes: [loaded],
      titles: 'hang',
      check: (actual) => expectThat(calls(actual)[0].error?.code === 'SESSION_REFERENCE_CANCELLED', 'cancelled'),
    }),
    scenario({
      category: 'surface',
      title: 'A stalled session listing is cancelled by the signal',
      rules: [],
      sessions: [simple('one')],
      listSessions: 'hang',
      actions: [service('listCandidates', [agent, '', 5, signal], { abortWhenStalled: true })],
      outcomes: [loaded],
      check: (actual) => expectThat(calls(actual)[0].error?.code === 'SESSION_REFERENCE_CANCELLED', 'cancelled'),
    }),
    scenario({
      category: 'surface',
      title: 'URI helpers: any string round-trips; a non-canonical or non-string payload is rejected',
      rules: [],
      actions: [
        library('encodeSessionReferenceUri', 'unicode/引号"/slash\\/line\n'),
        library('decodeSessionReferenceUri', uri('unicode/引号"/slash\\/line\n')),
        library('decodeSessionReferenceUri', 'dsh-session:IiJ'),
        library('decodeSessionReferenceUri', `dsh-session:${Buffer.from('{"id":1}').toString('base64url')}`),
        library('decodeSessionReferenceUri', 'https://example.test'),
      ],
      outcomes: [loaded],
      check: (actual) => {
        const [enc, dec, ...bad] = calls(actual);
        expectThat(enc.result === uri('unicode/引号"/slash\\/line\n') && dec.result === 'unicode/引号"/slash\\/line\n', 'round trip');
        expectThat(bad.every((b) => b.error?.code === 'SESSION_REFERENCE_INVALID_REFERENCE'), 'rejections');
      },
    }),
    scenario({
      category: 'surface',
      title: 'Mention helpers: labels escape "]" and "\\", default to the id, and an empty label stays empty; parsing keeps order and duplicates',
      rules: [],
      actions: [
        library('formatSessionReferenceMention', { sessionId: 'a', label: 'x]y\\z' }),
        library('formatSessionReferenceMention', { sessionId: 'a' }),
        library('formatSessionReferenceMention', { sessionId: 'a', label: '' }),
        library('parseSessionReferenceText', `${mention('b', 'B')} then ${uri('a')}, again \`${uri('b')}\`; not dsh-session: nor dsh-session:%%% nor @[](${uri('c')})`),
        library('parseSessionReferenceText', '@[bad](dsh-session:%%%)'),
      ],
      outcomes: [loaded],
      check: (actual) => {
        const [escaped, , empty] = calls(actual);
        expectThat(escaped.result === `@[x\\]y\\\\z](${uri('a')})` && empty.result === `@[](${uri('a')})`, `mentions ${JSON.stringify(calls(actual))}`);
      },
    }),
    scenario({
      category: 'parsing',
      title: 'An empty mention label stays empty: the text reads "@" and the reference label is ""',
      rules: ['SR-SRC-4'],
      sessions: [simple('source')],
      actions: [prompt(`compare @[](${uri('source')}) please`), preStep()],
      outcomes: [loaded, enter(1, 2)],
      check: (actual) => {
        const direct = actual.rawLog[2].data as { content: Array<{ text: string }> };
        expectThat(direct.content[0].text === 'compare @ please', `text ${direct.content[0].text}`);
      },
    }),
    scenario({
      category: 'ordering',
      title: 'The citing message keeps its own id (a fixed id no fresh UUID can imitate)',
      rules: ['SR-POS-1', 'SR-POS-2'],
      sessions: [simple('source')],
      actions: [{ do: 'prompt', message: { id: 'citing-message-0001', text: `use ${mention('source')}` } }, preStep()],
      outcomes: [loaded, enter(1, 2)],
      check: (actual) => expectThat((actual.rawLog[2].data as { id: string }).id === 'citing-message-0001', 'id kept'),
    }),
    scenario({
      category: 'failure-containment',
      title: 'Referenced sessions are read concurrently: a failing second read fails the turn while the first still hangs',
      rules: [],
      sessions: [otherSession('slow', [{ user: 'x' }], { read: { kind: 'hang' } }), otherSession('broken', [{ user: 'y' }], { read: { kind: 'throw', message: 'disk I/O error' } })],
      actions: [prompt(`${mention('slow')} and ${mention('broken')}`), preStep({ abortWhenStalled: true })],
      outcomes: [loaded, failure(1, 'SESSION_REFERENCE_READ_FAILED', 'failed to read referenced session: disk I/O error')],
    }),
  ];
}
