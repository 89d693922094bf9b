import { describe, expect, it } from 'vitest';
import type { FleetEvent } from '../../fleet/types.ts';
import { applyWatchEvent, watchedJob } from './apply-watch-event.ts';
import { formatWatchTable } from './format-watch-table.ts';

const ID = '6f1c0d2e-1111-2222-3333-444455556666';
const USAGE = { inputTokens: 1, outputTokens: 1, cacheCreationInputTokens: 0, cacheReadInputTokens: 0 };

function jobAfter(events: FleetEvent[]) {
  const job = watchedJob({ id: ID, since: 0 });
  events.forEach((event, index) => applyWatchEvent({ job, event, now: (index + 1) * 1_000 }));
  return job;
}

describe('the watch table', () => {
  it('shows a running job: short id, state, turn, cost, elapsed and what it is doing', () => {
    const job = jobAfter([
      { type: 'job-start', jobId: ID, attempt: 1, worker: 'host:1', startedAt: '2026-12-05T00:00:00.000Z' },
      { type: 'text-delta', text: 'Looking at' },
      { type: 'text-delta', text: ' the tests' },
      { type: 'job-checkpoint', jobId: ID, turn: 1 },
      { type: 'tool-call', toolUseId: 'toolu_1', toolName: 'Bash', input: { command: 'npm test' } },
      { type: 'usage', usage: USAGE, total: USAGE, costUsd: 0.01, totalCostUsd: 0.0125 },
    ]);
    const [header, row] = formatWatchTable({ jobs: [job], now: 65_000, columns: 200 });
    expect(header).toMatch(/^JOB\s+STATE\s+TURN\s+COST\s+ELAPSED\s+LAST$/);
    expect(row).toMatch(/^6f1c0d2e\s+running\s+1\s+\$0\.0125\s+1m05s\s+Bash \{"command":"npm test"\}$/);
  });

  it('lists the calls a parked job waits on with the commands that answer them, and cuts lines to the width', () => {
    const job = jobAfter([{ type: 'job-parked', jobId: ID, waiting: [{ toolUseId: 'toolu_9', toolName: 'Edit', input: { file_path: 'a.ts' }, message: 'asks' }] }]);
    const lines = formatWatchTable({ jobs: [job], now: 5_000, columns: 200 });
    expect(lines[1]).toContain('parked');
    expect(lines).toContain(`      codev queue approve ${ID} toolu_9   (or: codev queue deny ${ID} toolu_9)`);
    for (const line of formatWatchTable({ jobs: [job], now: 5_000, columns: 30 })) expect(line.length).toBeLessThanOrEqual(30);
  });

  it('stops the clock and shows how the job ended', () => {
    const job = jobAfter([
      { type: 'job-start', jobId: ID, attempt: 1, worker: 'host:1', startedAt: '2026-12-05T00:00:00.000Z' },
      { type: 'job-end', jobId: ID, result: { jobId: ID, status: 'failed', turns: 2, costUsd: null, attempts: 3, error: { code: 'JOB_FAILED', message: 'boom' } } },
    ]);
    const [, row] = formatWatchTable({ jobs: [job], now: 999_000, columns: 200 });
    expect(row).toMatch(/^6f1c0d2e\s+failed\s+2\s+\?\s+2s\s+boom$/);
  });
});
