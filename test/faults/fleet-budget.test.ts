/**
 * A fleet job whose attempts compact their conversation (a summary request, which is no turn) and are then
 * rate-limited (a 429 that backs the queue off and starts a new attempt), on a real worker against its own
 * redis-server and the fake Messages API on loopback:
 * - the next attempt goes on from the compacted conversation (its checkpoint named a message the compaction
 *   had replaced, and every later attempt failed with SESSION_NOT_FOUND);
 * - `maxBudgetUsd` holds over all the attempts (docs/fleet.md): what an attempt spent is carried to the next
 *   one, all of it, not only its turns' requests. Every reply's usage is scripted, so what the job spent is
 *   known to the cent.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SUMMARY_PREFIX } from '../../src/agent/compaction/compact-conversation.ts';
import { COMPACTION_SYSTEM } from '../../src/agent/compaction/summarize-conversation.ts';
import type { Usage } from '../../src/agent/types.ts';
import { createFleet } from '../../src/fleet/create-fleet.ts';
import { startRedisServer, type RedisServer } from '../../src/fleet/test-fixtures/start-redis-server.ts';
import type { Fleet, FleetWorker } from '../../src/fleet/types.ts';
import { costOfUsage } from '../../src/model/cost-of-usage.ts';
import { DEFAULT_MODEL_PRICES } from '../../src/model/default-model-prices.ts';
import { findModelPrice } from '../../src/model/find-model-price.ts';
import { createTempProject, type TempProject } from '../../src/plugins/test-fixtures/create-temp-project.ts';
import { PLUGIN_IMPORTS } from '../../src/plugins/test-fixtures/plugin-sources.ts';
import { createFakeMessagesServer, errorReply, textReply, toolUseReply, type FakeMessagesServer, type FakeReply, type RecordedRequest } from '../../src/testing/index.ts';

const CAP_USD = 0.15;
// The turns' replies say the context is nearly full (3,500 of a 4,000-token window), so the next turn compacts.
const TURN_USAGE = { inputTokens: 3_500, outputTokens: 50 };
const SUMMARY_USAGE = { inputTokens: 2_000, outputTokens: 4_000 };

let redis: RedisServer;
let server: FakeMessagesServer;
let project: TempProject;
let fleet: Fleet;
let worker: FleetWorker;
let spentUsd = 0;
let summaries = 0;
let rateLimitedAfter = 0;
/** How many summaries the fake model lets the job write before it answers. */
let summariesBeforeDone = 3;

/** What the fake bills for a reply: its scripted usage at the list price of the model asked. */
function billed(request: RecordedRequest, usage: typeof TURN_USAGE): void {
  const full: Usage = { inputTokens: usage.inputTokens, outputTokens: usage.outputTokens, cacheCreationInputTokens: 0, cacheReadInputTokens: 0 };
  spentUsd += costOfUsage(full, findModelPrice(String(request.body.model), [DEFAULT_MODEL_PRICES])!);
}

/** Until `summariesBeforeDone` summaries were written: Big calls, and the first turn request after each summary is rate-limited. */
function script(request: RecordedRequest): FakeReply {
  if (request.body.system === COMPACTION_SYSTEM) {
    summaries++;
    billed(request, SUMMARY_USAGE);
    return { ...textReply('The user asked for big listings; two were read.'), usage: SUMMARY_USAGE };
  }
  if (rateLimitedAfter < summaries) {
    rateLimitedAfter = summaries;
    return errorReply(429, { retryAfterSeconds: 2.5 });
  }
  billed(request, TURN_USAGE);
  const reply = summaries >= summariesBeforeDone ? textReply('done') : toolUseReply('Big', { n: server.requests.length });
  return { ...reply, usage: TURN_USAGE };
}

beforeAll(async () => {
  project = await createTempProject({
    files: {
      'package.json': '{ "type": "module" }',
      'plugins/big.ts': `${PLUGIN_IMPORTS}\nexport default buildTool({ name: 'Big', description: 'A big listing', inputSchema: z.object({ n: z.number() }), isReadOnly: () => true, call: ({ n }) => ({ data: \`listing \${n} line \`.repeat(800) }) });\n`,
      'agent.ts': "export default { system: 'Be brief.', maxTokens: 300, promptCaching: false, compaction: { contextWindow: 4_000, keepToolResults: 50, keepRecentMessages: 1 } };\n",
    },
  });
  [redis, server] = await Promise.all([startRedisServer(), createFakeMessagesServer({ apiKey: 'test-key', script })]);
  fleet = await createFleet({ connection: redis.url, queue: `budget-${randomUUID().slice(0, 8)}`, env: {} });
  worker = await fleet.worker({ env: { ANTHROPIC_API_KEY: 'test-key', ANTHROPIC_BASE_URL: server.url, CODEV_MAX_RETRIES: '0' }, scriptRoots: [project.root] });
});
afterAll(async () => {
  await worker?.close({ force: true });
  await fleet?.close();
  await Promise.all([server?.close(), redis?.stop()]);
  await project?.cleanup();
});

function start(options: { summaries: number }): void {
  summariesBeforeDone = options.summaries;
  spentUsd = 0;
  summaries = 0;
  rateLimitedAfter = 0;
}

describe('a fleet job that compacted its conversation, then was rate-limited', () => {
  it('goes on from the compacted conversation on its next attempt, and completes', async () => {
    start({ summaries: 1 });
    const before = server.requests.length;
    const job = await fleet.submit({ script: project.path('agent.ts'), prompt: 'read big listings', permissions: { allow: ['Big'] }, attempts: 1 });
    expect(await job.result({ timeoutMs: 60_000 })).toMatchObject({ status: 'completed', text: 'done', attempts: 2 });
    expect(summaries).toBe(1);
    // The request after the 429 (the next attempt's first) starts from the summary.
    const afterLimit = server.requests.slice(before).findIndex((request, index, all) => index > 0 && all[index - 1]!.body.system === COMPACTION_SYSTEM) + before + 1;
    expect(JSON.stringify(server.requests[afterLimit]!.body.messages![0])).toContain(SUMMARY_PREFIX.slice(0, 40));
  }, 90_000);

  it("counts what an attempt spent on its summaries toward the next attempt's budget: the job spends no more than maxBudgetUsd", async () => {
    start({ summaries: 3 });
    const job = await fleet.submit({ script: project.path('agent.ts'), prompt: 'read big listings', maxBudgetUsd: CAP_USD, permissions: { allow: ['Big'] }, attempts: 1 });
    const result = await job.result({ timeoutMs: 60_000 });
    expect(summaries).toBeGreaterThan(0);
    expect(spentUsd).toBeLessThanOrEqual(CAP_USD);
    expect(result).toMatchObject({ status: 'completed', endReason: 'max_budget_usd' });
    expect(result.costUsd!).toBeCloseTo(spentUsd, 6);
  }, 90_000);
});
