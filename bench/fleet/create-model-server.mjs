/**
 * The model of every bench job: the fake Messages server of `codev/testing`, in the bench's own process,
 * answering by the job's prompt `bench-job <tag> <turns> [<text blocks>]`: a Read of the project's notes
 * file (one tool call, so one more turn) until the job has made `<turns>` model requests, then the text
 * `done`. With `<text blocks>`, each tool-call reply first streams that many short text blocks (the fake
 * streams a text block as up to 3 deltas): a model that talks while it works. The reply
 * depends only on the request (its prompt and how many assistant messages it carries), so concurrent jobs,
 * workers and resumed attempts all get the right one.
 *
 * The fake server records no time, so its `script` callback is wrapped: each request's arrival is noted
 * (`performance.now()` and `Date.now()`) by job tag when the callback runs, after the server read, parsed
 * and validated the body (a few hundred µs after the first byte, the same for every row). `onRequest`
 * runs before the reply, for the recovery case to kill a worker at a chosen turn. Not run on its own.
 */
import { withTimeout } from './wait-until.mjs';

const PROMPT = /bench-job (\S+) (\d+)(?: (\d+))?/;

export async function createModelServer({ testingModule, notesFile }) {
  const { createFakeMessagesServer, textReply, toolUseReply } = await import(testingModule);
  /** @type {Map<string, { at: number, wallAt: number, turn: number }[]>} */
  const arrivals = new Map();
  /** @type {Set<() => void>} */
  const listeners = new Set();
  let hook;
  let total = 0;

  async function script(request) {
    const at = performance.now();
    const wallAt = Date.now();
    const messages = request.body.messages ?? [];
    const match = PROMPT.exec(textOf(messages[0]));
    if (!match) return textReply('not a bench job');
    const [, tag, turnsText, textBlocks = '0'] = match;
    const turn = messages.filter((message) => message.role === 'assistant').length + 1;
    const list = arrivals.get(tag) ?? [];
    list.push({ at, wallAt, turn });
    arrivals.set(tag, list);
    total += 1;
    for (const listener of listeners) listener();
    if (hook) await hook({ tag, turn, at });
    if (turn >= Number(turnsText)) return textReply('done');
    const call = toolUseReply('Read', { file_path: notesFile }, { id: `toolu_bench_${tag}_${turn}` });
    const texts = Array.from({ length: Number(textBlocks) }, (_, index) => ({ type: 'text', text: `Step ${index}: looking at the notes once more. ` }));
    return { ...call, content: [...texts, ...call.content] };
  }

  const server = await createFakeMessagesServer({ apiKey: 'bench-key', script });
  // Nothing reads the recorded requests: dropping them keeps a long run's memory flat.
  const forget = setInterval(() => server.requests.splice(0), 1_000);
  forget.unref();

  return {
    url: server.url,
    apiKey: 'bench-key',
    /** Every request of the job `tag` so far, in arrival order. */
    arrivalsOf: (tag) => arrivals.get(tag) ?? [],
    /** Message requests of bench jobs so far. */
    count: () => total,
    /** Waits (at most `timeoutMs`) until the job `tag` has made `count` requests, and returns the `count`th. */
    waitForRequest(tag, count, timeoutMs) {
      const reached = () => (arrivals.get(tag)?.length ?? 0) >= count;
      if (reached()) return Promise.resolve(arrivals.get(tag)[count - 1]);
      let listener;
      const waited = new Promise((resolve) => {
        listener = () => reached() && resolve(arrivals.get(tag)[count - 1]);
        listeners.add(listener);
      });
      return withTimeout(waited, timeoutMs, `request ${count} of job ${tag}`).finally(() => listeners.delete(listener));
    },
    /** Runs `next({ tag, turn, at })` on every request before it is answered (undefined: none). */
    onRequest(next) {
      hook = next;
    },
    async close() {
      clearInterval(forget);
      await server.close();
    },
  };
}

function textOf(message) {
  if (!message) return '';
  if (typeof message.content === 'string') return message.content;
  return (message.content ?? []).map((block) => (block.type === 'text' ? block.text : '')).join('\n');
}
