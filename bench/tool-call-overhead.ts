import { formatMicros, formatRatio } from './harness/format-report.ts';
import type { Benchmark, CaseResult } from './harness/types.ts';
import { CALLS_PER_ROUND, codevRunToolUseCase, codevRunToolUsesCase } from './tool-call/codev-cases.ts';
import { floorCase } from './tool-call/floor-case.ts';
import { openAiAgentsCase } from './tool-call/openai-agents-case.ts';
import { vercelAiCase } from './tool-call/vercel-ai-case.ts';

/** Tool calls per model turn for the peers and for codev's batch row: a busy but ordinary turn. */
export const CALLS_PER_TURN = 8;

/** Ratios closer to 1 than this are reported as ties: rounds of the same case vary by about as much. */
const TIE = 0.1;

/** Each codev row against the peer rows doing the nearest same work. */
const COMPARISONS = [
  { codev: 'codev-bare', peers: ['vercel-ai', 'openai-agents'] },
  { codev: 'codev-rules-hooks', peers: ['vercel-ai-equivalents', 'openai-agents-equivalents'] },
  { codev: 'codev-rules-hooks', peers: ['vercel-ai', 'openai-agents'] },
] as const;

/**
 * The per-call cost of running one trivial tool (`Add`: zod `{ a, b }` → `a + b`) through codev's lifecycle,
 * bare and with 50 rules and 2 hooks, against the floor and the same tool in the Vercel AI SDK and the OpenAI
 * Agents SDK. Every case runs in its own process (see run.mjs).
 */
export const benchmark: Benchmark = {
  id: 'tool-call-overhead',
  title: 'Tool call overhead: one trivial tool, per call',
  reference: 'codev-bare',
  methods: [
    `codev rows: \`runToolUse\` drained to its result, one call after another, ${CALLS_PER_ROUND.full.toLocaleString('en-US')} per round (${CALLS_PER_ROUND.quick.toLocaleString('en-US')} with --quick); the time of a round divided by its calls.`,
    `codev batch row: \`runToolUses\` with the ${CALLS_PER_TURN} calls of one assistant message (the orchestrator the peers' loops correspond to).`,
    'floor: `schema.parse` + awaited execute + a tool_result object: the least any SDK can do.',
    `peers: (T(turn with ${1 + CALLS_PER_TURN} calls) − T(turn with 1 call)) / ${CALLS_PER_TURN}, interleaved pairs of full runs with a scripted model that costs nothing; both runs make the same two model requests, so the loop's fixed cost cancels and only the extra calls remain (JSON parse, zod, execute, result item, and carrying it into the next request).`,
    'Peers "+ needsApproval fn + …": their nearest counterparts of 50 rules + 2 hooks (neither SDK has permission rules): an approval function answering false, plus two no-op tool-call callbacks (Vercel) or an input and an output tool guardrail that allow (Agents).',
    'Telemetry: codev without an OpenTelemetry SDK (no-op span), Vercel `experimental_telemetry` off (default), Agents `setTracingDisabled(true)`.',
    'Each case runs in its own Node process: the Agents SDK installs AsyncLocalStorage promise hooks that make every later `await` in the process slower, and that must not be billed to another case.',
  ],
  cases: [
    codevRunToolUseCase({ id: 'codev-bare', label: 'codev runToolUse, no rules, no hooks', rulesAndHooks: false }),
    codevRunToolUseCase({ id: 'codev-rules-hooks', label: 'codev runToolUse, 50 rules + 2 hooks', rulesAndHooks: true }),
    codevRunToolUsesCase({ id: 'codev-batch', label: `codev runToolUses, ${CALLS_PER_TURN} calls/message`, batch: CALLS_PER_TURN }),
    floorCase,
    vercelAiCase({ batch: CALLS_PER_TURN, withEquivalents: false }),
    vercelAiCase({ batch: CALLS_PER_TURN, withEquivalents: true }),
    openAiAgentsCase({ batch: CALLS_PER_TURN, withEquivalents: false }),
    openAiAgentsCase({ batch: CALLS_PER_TURN, withEquivalents: true }),
  ],
  summarize(results) {
    const byId = new Map(results.map((result) => [result.id, result]));
    const lines: string[] = [];
    for (const comparison of COMPARISONS) {
      const codev = byId.get(comparison.codev);
      const peers = comparison.peers.map((peerId) => byId.get(peerId)).filter((peer): peer is CaseResult => peer !== undefined);
      if (!codev || peers.length === 0) continue;
      const ratios = peers.map((peer) => `${peer.label.split(' (')[0]} ${formatRatio(peer.usPerOp / codev.usPerOp)}`);
      const beatsAll = peers.length === comparison.peers.length && peers.every((peer) => peer.usPerOp > codev.usPerOp);
      const close = peers.some((peer) => Math.abs(peer.usPerOp / codev.usPerOp - 1) < TIE);
      const verdict = beatsAll ? 'codev is cheaper than both' : 'codev is NOT cheaper than both';
      lines.push(`${codev.label} (${formatMicros(codev.usPerOp)} µs/call), peer/codev: ${ratios.join(', ')} → ${verdict}${close ? ` (a gap under ${TIE * 100}% is within run-to-run noise here: call it a tie)` : ''}.`);
    }
    const floor = byId.get('floor');
    const bare = byId.get('codev-bare');
    if (floor && bare) lines.push(`codev's lifecycle over the floor: ${formatMicros(bare.usPerOp - floor.usPerOp)} µs/call bare.`);
    return lines;
  },
};
