import { formatMicros, formatRatio } from './harness/format-report.ts';
import { codevAgentCase, codevBudgetCase, codevCheckpointsCase, codevPersistedCase, codevCheckpointsLatencyCase, codevHttpCase, codevInstructionsCase } from './agent/codev-agent-case.ts';
import { floorAgentCase } from './agent/floor-agent-case.ts';
import { formatConversationTable } from './agent/format-conversation-report.ts';
import { CONVERSATION, measureConversationCase } from './agent/measure-conversation.ts';
import { openAiAgentsAgentCase } from './agent/openai-agents-agent-case.ts';
import type { ConversationCase, ConversationResult, CustomBenchmark } from './agent/types.ts';
import { vercelAgentCase } from './agent/vercel-agent-case.ts';

/**
 * A last window costing more than this times the first is reported as growth. Runs of a flat loop vary by
 * well under that here (a 100-call window of codev is 2 ms, so one preemption on a busy machine shows),
 * while a loop that does O(conversation) work per call shows 5× or more over 1,000 calls.
 */
const GROWTH = 1.5;
const PEERS: Record<string, string> = { 'vercel-ai': 'Vercel AI SDK', 'openai-agents': 'OpenAI Agents SDK' };

const { calls, window } = CONVERSATION.full;

/**
 * One agent turn of 1,000 sequential tool calls (one Add tool_use per model turn, then a final text) through
 * codev's agent loop and through the Vercel AI SDK's and the OpenAI Agents SDK's, each over a scripted model
 * that costs nothing, plus the floor and codev over real loopback HTTP. Every case runs in its own process.
 */
export const benchmark: CustomBenchmark<ConversationCase, ConversationResult> = {
  id: 'agent-turn',
  title: `Agent turn: ${calls.toLocaleString('en-US')} sequential tool calls, one per model turn`,
  reference: 'codev',
  methods: [
    `One conversation = ${calls.toLocaleString('en-US')} model turns with one \`Add\` call each (distinct ids and inputs), then a final text turn, in one query/run/generateText call. µs/call = the whole conversation's wall time / ${calls.toLocaleString('en-US')}; the median over the measured conversations (--quick: ${CONVERSATION.quick.calls} calls, window ${CONVERSATION.quick.window}).`,
    `first/last ${window}: from the scripted model's request 0 to request ${window}, and from request ${calls - window} to the final request ${calls}, timed by the same clock in every SDK's scripted model. A loop whose per-call cost grows with the transcript shows last/first well above 1×; above ${GROWTH}× is reported as growth.`,
    'Scripted models, responses built once: codev gets an object with the `client.messages.stream(params, { signal })` surface its loop uses (six prebuilt stream events, then `finalMessage()`); Vercel `generateText` + `MockLanguageModelV3` with `stopWhen: stepCountIs(n + 1)` (its call log cleared on every call); Agents `run()` with a hand-written `Model` and `maxTurns: n + 1`, tracing disabled.',
    'codev runs `createAgent({ tools: [Add], client, canUseTool })` over the bare Add context of tool-call-overhead (no rules, no hooks; Add is read-only, so the default mode allows it); a fresh agent per conversation, since an agent keeps its transcript.',
    'codev with project instructions: the same, with `instructions: true` and a 2 KB CODEV.md in the project root and in the home\'s `.codev/` (four other names looked for and missing): read at the first turn, then a stat per file at most every 250 ms, so the instructions\' cost per call is what is left after the first read.',
    'codev with a budget: the same, with `maxBudgetUsd: 1000` and `maxQueryTokens: 1e9` (never reached): the cost of estimating, checking and holding every request\'s cost.',
    'codev with a persisted session: the same with `persistSession: true` (the file store in the project): each turn appends its messages and its `record` lines (decision, duration, usage, cost) to the transcript.',
    'codev with checkpoints: the same with `persistSession: true` and `checkpoints: true`, in a git repository of 1,000 committed files (20 lines each): each turn records the working directory before its Add call runs (nothing changed: the recording scans stat data); a fresh agent is a fresh session, whose first recording hashes every file. Compared with a revision before checkpoints (where the option is ignored), the difference is the checkpoints\' cost. With a 30 ms model (`codev-checkpoints-latency`): the recording runs while the request waits, so it adds only what the request did not hide.',
    'floor: per turn, `schema.parse` + awaited execute + the assistant block and the tool_result pushed onto a transcript.',
    'codev over loopback HTTP: the fake Messages server of `codev/testing` in the same process, the real `@anthropic-ai/sdk` client, SSE. Every request carries the whole transcript: codev serializes each message once and appends its JSON\'s bytes to the ones before, handing the SDK the body as bytes, so what still grows with the conversation is one copy of the body and its write to the socket, the SDK\'s scan of the messages for its helper header, and the server\'s parse, validation and estimate of the body (JSON in, by nature of the Messages API); it is shown for scale, not as a peer comparison.',
    'Peak RSS: `process.resourceUsage().maxRSS` of the case process at its end (Node + the SDK + every conversation it ran); RSS added: that peak minus the RSS after setup, before the first conversation. Memory is never read inside the timed region.',
    `Runs: codev ${codevAgentCase.runs.full.warmup} warm-up + ${codevAgentCase.runs.full.measured} measured conversations, the floor ${floorAgentCase.runs.full.warmup} + ${floorAgentCase.runs.full.measured} (the JIT needs a few thousand calls to settle, and a 0.2 ms floor conversation is easily hit by one preemption on a shared machine). The peers and the HTTP row cost seconds per conversation here, so they get one warm-up conversation of 100 calls and ONE measured conversation of ${calls.toLocaleString('en-US')} (the min–max column then has one value; --quick: no warm-up).`,
    'codev\'s scripted stream yields six events per turn, which codev\'s loop iterates and the peers\' `doGenerate`/`getResponse` doubles do not have: about 2 µs of codev\'s per-call cost here (measured against an empty stream).',
  ],
  cases: [codevAgentCase, codevInstructionsCase, codevBudgetCase, codevPersistedCase, codevCheckpointsCase, codevCheckpointsLatencyCase, floorAgentCase, vercelAgentCase, openAiAgentsAgentCase, codevHttpCase],
  measureCase: measureConversationCase,
  formatReport(self, results) {
    const lines = [`## ${self.title}`, '', ...self.methods.map((method) => `- ${method}`), '', ...formatConversationTable(results, self.reference)];
    const notes = results.flatMap((result) => result.notes.map((note) => `- ${result.label}: ${note}`));
    if (notes.length > 0) lines.push('', ...notes);
    const summary = summarize(results);
    if (summary.length > 0) lines.push('', ...summary);
    return `${lines.join('\n')}\n`;
  },
};

function summarize(results: readonly ConversationResult[]): string[] {
  const byId = new Map(results.map((result) => [result.id, result]));
  const codev = byId.get('codev');
  const floor = byId.get('floor');
  const peers = Object.keys(PEERS).map((id) => byId.get(id)).filter((peer): peer is ConversationResult => peer !== undefined);
  const lines: string[] = [];
  if (codev && floor) {
    const above = codev.usPerCall - floor.usPerCall;
    const nearest = peers.length > 0 ? Math.min(...peers.map((peer) => peer.usPerCall - floor.usPerCall)) : undefined;
    lines.push(
      `codev: ${formatMicros(codev.usPerCall)} µs/call, ${formatMicros(above)} µs above the floor (${formatMicros(floor.usPerCall)} µs, so ${formatRatio(codev.usPerCall / floor.usPerCall)} the floor)` +
        (nearest === undefined ? '.' : `; the nearest peer is ${formatMicros(nearest)} µs above it, so codev's distance to the floor is ${((100 * above) / nearest).toPrecision(2)}% of the nearest peer's.`),
    );
  }
  if (codev && peers.length > 0) lines.push(`peer/codev, µs per call: ${peers.map((peer) => `${PEERS[peer.id]} ${formatRatio(peer.usPerCall / codev.usPerCall)}`).join(', ')}.`);
  if (results.some((result) => result.calls < calls)) {
    lines.push(`--quick: ${CONVERSATION.quick.calls} calls and few runs, so no growth verdicts (a ${CONVERSATION.quick.window}-call window of codev is about 1 ms; run the full benchmark to judge).`);
    return lines;
  }
  for (const result of results) {
    const growth = result.lastUsPerCall / result.firstUsPerCall;
    const verdict = growth > GROWTH ? `GROWS with the conversation (last ${result.window} cost ${formatRatio(growth)} the first ${result.window})` : `flat (last/first ${formatRatio(growth)}, under the ${GROWTH}× growth threshold)`;
    lines.push(`${result.label}: ${verdict}.`);
  }
  return lines;
}
