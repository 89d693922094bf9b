import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { textReply, toolUseReply } from '../../src/testing/index.ts';
import { eventually, startFleetTestBed, type FleetTestBed } from '../../src/ui/server/fleet/test-fixtures/fleet-test-bed.ts';
import type { UiFleetView, UiJobView } from '../../src/ui/types.ts';

let bed: FleetTestBed;
beforeAll(async () => {
  bed = await startFleetTestBed('ui-fleet-faults');
}, 30_000);
afterEach(async () => {
  await bed.closeOpened();
});
afterAll(async () => {
  await bed?.close();
});

function askThenAnswer(text: string): void {
  bed.replies((index) => (index === 0 ? toolUseReply('Write', { file_path: path.join(bed.project, `note-${Math.random().toString(36).slice(2)}.md`), content: 'x\n' }, { id: 'toolu_ask' }) : textReply(text)));
}

describe('codev ui fleet faults', () => {
  it('two answers at once from two clients: one wins, the other gets a clear code, and the job goes on with the winner\'s answer', async () => {
    const { fleet, ui } = await bed.open();
    askThenAnswer('went on');
    const job = await fleet.submit({ script: bed.script, prompt: 'write it', deferAsks: true });
    await eventually(() => ui.request('GET', `/api/fleet/jobs/${job.id}`), ({ json }) => (json as UiJobView).parked?.length === 1, 'the job parked');
    const [allow, deny] = await Promise.all([
      ui.request('POST', `/api/fleet/jobs/${job.id}/answer`, { approvals: { toolu_ask: { behavior: 'allow' } } }),
      ui.request('POST', `/api/fleet/jobs/${job.id}/answer`, { approvals: { toolu_ask: { behavior: 'deny', message: 'no' } } }),
    ]);
    const answers = [allow, deny];
    const winners = answers.filter((answer) => answer.status === 200);
    const losers = answers.filter((answer) => answer.status !== 200);
    expect(winners).toHaveLength(1);
    expect(losers).toHaveLength(1);
    expect(['JOB_ALREADY_ANSWERED', 'JOB_NOT_FOUND']).toContain(losers[0]!.json.error.code);
    expect(await job.result({ timeoutMs: 30_000 })).toMatchObject({ status: 'completed' });
    const results = bed.model.requests.at(-1)!.body.messages!.flatMap((message) => (Array.isArray(message.content) ? message.content : [])).filter((block) => block.type === 'tool_result');
    // The model saw the winner's answer, never the loser's.
    expect(results).toMatchObject([{ tool_use_id: 'toolu_ask', ...(winners[0] === deny ? { is_error: true } : {}) }]);
    if (winners[0] === allow) expect((results[0] as { is_error?: boolean }).is_error ?? false).toBe(false);
  }, 60_000);

  it('answering or cancelling a job that already ended: JOB_NOT_FOUND, and the job stays as it ended', async () => {
    const { fleet, ui } = await bed.open();
    bed.replies(() => textReply('done at once'));
    const job = await fleet.submit({ script: bed.script, prompt: 'just answer' });
    expect(await job.result({ timeoutMs: 30_000 })).toMatchObject({ status: 'completed' });
    expect(await ui.request('POST', `/api/fleet/jobs/${job.id}/answer`, { approvals: { toolu_ask: { behavior: 'allow' } } })).toMatchObject({ status: 404, json: { error: { code: 'JOB_NOT_FOUND' } } });
    expect((await ui.request('POST', `/api/fleet/jobs/${job.id}/cancel`, {})).status).toBe(200);
    expect(((await ui.request('GET', `/api/fleet/jobs/${job.id}`)).json as UiJobView)).toMatchObject({ job: { state: 'completed' }, result: { status: 'completed' } });
  }, 60_000);

  it('1,000 jobs: the list holds the newest 200, the counts all of them', async () => {
    const { fleet, ui } = await bed.open({ worker: false });
    const prompts = Array.from({ length: 1_000 }, (_, index) => `job ${index} ${'x'.repeat(2_000)}`);
    await fleet.submit({ script: bed.script, prompts });
    const { status, json } = await ui.request('GET', '/api/fleet');
    const view = json as UiFleetView;
    expect(status).toBe(200);
    expect(view.counts.waiting).toBe(1_000);
    expect(view.jobs).toHaveLength(200);
    // Each prompt is cut: the view never carries the 2 MB of prompts.
    expect(Math.max(...view.jobs.map((job) => Buffer.byteLength(job.prompt)))).toBeLessThanOrEqual(400);
  }, 90_000);
});
