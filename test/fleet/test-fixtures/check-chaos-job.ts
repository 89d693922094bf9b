/**
 * Everything the chaos test checks of one job once the run is over: it ended exactly once and completed,
 * its transcript holds each turn once, and its branch holds exactly what the transcript's writes produce.
 */
import type Anthropic from '@anthropic-ai/sdk';
import type { Redis } from 'ioredis';
import { fleetKeys } from '../../../src/fleet/fleet-keys.ts';
import { createRedisSessionStore } from '../../../src/fleet/session-store/create-redis-session-store.ts';
import { answeredCalls, resultText } from './chaos-model.ts';
import { checkJobBranch } from './check-job-branch.ts';
import { checkJobTranscript } from './check-job-transcript.ts';
import { readJobEnds } from './read-job-ends.ts';
import { replayTranscriptWrites } from './replay-transcript-writes.ts';

/** What the run found of one job. */
export interface ChaosJobReport {
  tag: string;
  id: string;
  /** The status of its first `job-end`, or `never ended`. */
  status: string;
  jobEnds: number;
  attempts?: number;
  /** Tool calls in its transcript. */
  calls: number;
  problems: string[];
}

export async function checkChaosJob(options: {
  redis: Redis;
  queue: string;
  tag: string;
  jobId: string;
  repository: string;
  baseCommit: string;
  baseFiles: ReadonlyMap<string, string>;
}): Promise<ChaosJobReport> {
  const { tag, jobId } = options;
  const ends = await readJobEnds({ redis: options.redis, queue: options.queue, jobId });
  const result = ends[0];
  const report: ChaosJobReport = { tag, id: jobId, status: result?.status ?? 'never ended', jobEnds: ends.length, attempts: result?.attempts, calls: 0, problems: [] };
  if (ends.length !== 1) report.problems.push(`${ends.length} job-end events (${ends.map((end) => end.status).join(', ')})`);
  if (!result) return report;
  if (result.status !== 'completed') report.problems.push(`ended ${result.status}${result.error ? `: ${result.error.code} ${result.error.message}` : ''}`);
  if (!result.sessionId) return void report.problems.push('its result names no session'), report;
  let messages: Anthropic.MessageParam[];
  try {
    const transcript = await createRedisSessionStore({ redis: options.redis, prefix: fleetKeys(options.queue).sessions }).read(result.sessionId);
    messages = transcript.messages.map((entry) => entry.message as Anthropic.MessageParam);
    for (const problem of transcript.problems) report.problems.push(`transcript: ${JSON.stringify(problem)}`);
  } catch (error) {
    report.problems.push(`transcript ${result.sessionId} unreadable: ${String(error)}`);
    return report;
  }
  const transcriptProblems = checkJobTranscript({ tag, messages });
  for (const problem of transcriptProblems) report.problems.push(`transcript: ${problem}`);
  const calls = answeredCalls(messages);
  report.calls = calls.length;
  const failed = calls.filter((call) => call.result?.is_error === true).at(-1);
  if (failed && transcriptProblems.length > 0) report.problems.push(`its last failed call: ${failed.use.name} ${JSON.stringify(failed.use.input)} → ${resultText(failed.result!).slice(0, 300)}`);
  const oracle = replayTranscriptWrites({ base: options.baseFiles, calls });
  for (const problem of oracle.problems) report.problems.push(`oracle: ${problem}`);
  const branch = result.workspace?.branch ?? `codev/jobs/${jobId}`;
  if (branch !== `codev/jobs/${jobId}`) report.problems.push(`the result names the branch ${branch}`);
  for (const problem of checkJobBranch({ repository: options.repository, branch: `codev/jobs/${jobId}`, baseCommit: options.baseCommit, expected: oracle.files, resultCommit: result.workspace?.commit })) report.problems.push(`branch: ${problem}`);
  return report;
}
