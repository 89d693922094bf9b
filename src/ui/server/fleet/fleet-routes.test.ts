import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { textReply, toolUseReply } from '../../../testing/index.ts';
import type { UiFleetEvent, UiFleetView, UiJobView } from '../../types.ts';
import type { UiServerContext } from '../types.ts';
import { fleetKeys } from '../../../fleet/fleet-keys.ts';
import { connectRedis } from '../../../fleet/redis/connect-redis.ts';
import { createRedisSessionStore } from '../../../fleet/session-store/create-redis-session-store.ts';
import { rejectionCode } from '../../../testing/rejection-code.ts';
import { fleetRoutes } from './fleet-routes.ts';
import { resolveJobSession } from './resolve-job-session.ts';
import { serveUiRoutes } from './test-fixtures/serve-ui-routes.ts';
import { eventually, startFleetTestBed, type FleetTestBed } from './test-fixtures/fleet-test-bed.ts';

let bed: FleetTestBed;
beforeAll(async () => {
  bed = await startFleetTestBed('ui-fleet-routes');
}, 30_000);
afterEach(async () => {
  await bed.closeOpened();
});
afterAll(async () => {
  await bed?.close();
});

/** The replies of a job that asks to Write a file (an ask, deferred: it parks), then answers `text`. */
function askThenAnswer(text: string): void {
  bed.replies((index) => (index === 0 ? toolUseReply('Write', { file_path: path.join(bed.project, `note-${Math.random().toString(36).slice(2)}.md`), content: 'needs approval\n' }, { id: 'toolu_ask' }) : textReply(text)));
}

describe('fleet routes', () => {
  it('shows a parked job with its call; answering allow (as codev queue approve) lets it go on and complete', async () => {
    const { fleet, ui, queue } = await bed.open();
    askThenAnswer('approved and done');
    const job = await fleet.submit({ script: bed.script, prompt: 'note it', deferAsks: true });
    const parked = await eventually(() => ui.request('GET', `/api/fleet/jobs/${job.id}`), ({ json }) => (json as UiJobView).job?.state === 'parked', 'the job parked');
    const view = parked.json as UiJobView;
    expect(view.parked).toMatchObject([{ toolUseId: 'toolu_ask', toolName: 'Write', input: { content: 'needs approval\n' } }]);
    expect(view.log.map((line) => line.text)).toEqual(expect.arrayContaining([expect.stringMatching(/^attempt 1 started/), expect.stringMatching(/^parked: waits on Write/)]));
    expect(view.job).toMatchObject({ lastTool: 'Write', worker: expect.any(String) });
    const list = (await ui.request('GET', '/api/fleet')).json as UiFleetView;
    expect(list).toMatchObject({ queue, counts: { parked: 1 }, rateLimit: { limited: false, delayedJobs: 0 } });
    expect(list.jobs).toMatchObject([{ id: job.id, state: 'parked' }]);
    expect(await ui.request('POST', `/api/fleet/jobs/${job.id}/answer`, { approvals: { toolu_ask: { behavior: 'allow' } } })).toEqual({ status: 200, json: { ok: true } });
    expect(await job.result({ timeoutMs: 30_000 })).toMatchObject({ status: 'completed', text: 'approved and done' });
    const ended = (await ui.request('GET', `/api/fleet/jobs/${job.id}`)).json as UiJobView;
    expect(ended).toMatchObject({ job: { state: 'completed' }, parked: [], result: { status: 'completed', text: 'approved and done' } });
    expect(ended.checkpoints.map((checkpoint) => checkpoint.turn)).toEqual([1, 2]);
  }, 60_000);

  it('deny (as codev queue deny --message) sends the denial and its message to the model', async () => {
    const { fleet, ui } = await bed.open();
    askThenAnswer('understood');
    const job = await fleet.submit({ script: bed.script, prompt: 'note it', deferAsks: true });
    await eventually(() => ui.request('GET', `/api/fleet/jobs/${job.id}`), ({ json }) => (json as UiJobView).parked?.length === 1, 'the job parked');
    expect((await ui.request('POST', `/api/fleet/jobs/${job.id}/answer`, { approvals: { toolu_ask: { behavior: 'deny', message: 'not on a Sunday' } } })).status).toBe(200);
    expect(await job.result({ timeoutMs: 30_000 })).toMatchObject({ status: 'completed', text: 'understood' });
    const results = bed.model.requests.at(-1)!.body.messages!.flatMap((message) => (Array.isArray(message.content) ? message.content : [])).filter((block) => block.type === 'tool_result');
    expect(results).toMatchObject([{ tool_use_id: 'toolu_ask', is_error: true }]);
    expect(JSON.stringify(results[0])).toContain('not on a Sunday');
  }, 60_000);

  it('cancel (as codev queue cancel) ends a parked job cancelled; an unknown job is JOB_NOT_FOUND; a bad answer INPUT_INVALID', async () => {
    const { fleet, ui } = await bed.open();
    askThenAnswer('never');
    const job = await fleet.submit({ script: bed.script, prompt: 'note it', deferAsks: true });
    await eventually(() => ui.request('GET', `/api/fleet/jobs/${job.id}`), ({ json }) => (json as UiJobView).parked?.length === 1, 'the job parked');
    expect(await ui.request('POST', `/api/fleet/jobs/${job.id}/answer`, { approvals: { toolu_other: { behavior: 'allow' } } })).toMatchObject({ status: 400, json: { error: { code: 'INPUT_INVALID' } } });
    expect(await ui.request('POST', `/api/fleet/jobs/${job.id}/answer`, { approvals: { toolu_ask: { behavior: 'maybe' } } })).toMatchObject({ status: 400, json: { error: { code: 'INPUT_INVALID' } } });
    expect(await ui.request('POST', `/api/fleet/jobs/${job.id}/cancel`, {})).toEqual({ status: 200, json: { ok: true } });
    expect(await job.result({ timeoutMs: 30_000 })).toMatchObject({ status: 'cancelled' });
    expect(((await ui.request('GET', `/api/fleet/jobs/${job.id}`)).json as UiJobView).job.state).toBe('cancelled');
    expect(await ui.request('GET', '/api/fleet/jobs/no-such-job')).toMatchObject({ status: 404, json: { error: { code: 'JOB_NOT_FOUND' } } });
    expect(await ui.request('POST', '/api/fleet/jobs/no-such-job/cancel', {})).toMatchObject({ status: 404, json: { error: { code: 'JOB_NOT_FOUND' } } });
  }, 60_000);

  it('the events stream sends the job as it parks, with its call, and the counts', async () => {
    const { fleet, ui } = await bed.open();
    askThenAnswer('done');
    const seen = ui.events('/api/fleet/events', (_event, all: UiFleetEvent[]) => all.some((event) => event.type === 'job' && event.job.state === 'parked') && all.some((event) => event.type === 'counts'), 40_000);
    const job = await fleet.submit({ script: bed.script, prompt: 'note it', deferAsks: true });
    const events = (await seen) as UiFleetEvent[];
    expect(events.find((event) => event.type === 'job' && event.job.state === 'parked')).toMatchObject({ job: { id: job.id }, parked: [{ toolUseId: 'toolu_ask', toolName: 'Write' }] });
  }, 60_000);

  it('answers 503 with the code while Redis is away, keeps serving, and recovers when Redis is back', async () => {
    const { ui } = await bed.open({ worker: false });
    expect((await ui.request('GET', '/api/fleet')).status).toBe(200);
    await bed.redis.kill9();
    try {
      const away = await ui.request('GET', '/api/fleet');
      expect(away).toMatchObject({ status: 503, json: { error: { code: expect.stringMatching(/^FLEET_/) } } });
    } finally {
      await bed.redis.restart();
    }
    await eventually(() => ui.request('GET', '/api/fleet'), ({ status }) => status === 200, 'the fleet view again');
  }, 90_000);

  it('resolves a job\'s session in the fleet\'s Redis store (for the session routes), SESSION_NOT_FOUND before it has one', async () => {
    const { fleet, queue } = await bed.open();
    bed.replies(() => textReply('hello from the job'));
    const job = await fleet.submit({ script: bed.script, prompt: 'say hello' });
    const result = await job.result({ timeoutMs: 30_000 });
    const client = await connectRedis({ url: bed.redis.url, name: 'ui-test', maxRetriesPerRequest: 1, maxReconnectDelayMs: 100, commandTimeoutMs: 5_000, onConnection: () => {} });
    try {
      const sessions = createRedisSessionStore({ redis: client, prefix: fleetKeys(queue).sessions });
      const context = { fleet: { fleet, queue, sessions } } as unknown as UiServerContext;
      const resolved = await resolveJobSession({ params: { id: job.id }, query: new URLSearchParams(), signal: new AbortController().signal }, context);
      expect(resolved.id).toBe(result.sessionId);
      expect(await resolved.statusOf(resolved.id)).toBe('idle');
      expect((await resolved.store.read(resolved.id)).messages.length).toBeGreaterThan(1);
      await bed.closeOpened();
      const { fleet: other, queue: otherQueue } = await bed.open({ worker: false });
      const lone = await other.submit({ script: bed.script, prompt: 'never taken' });
      expect(await rejectionCode(resolveJobSession({ params: { id: lone.id }, query: new URLSearchParams(), signal: new AbortController().signal }, { fleet: { fleet: other, queue: otherQueue, sessions } } as unknown as UiServerContext))).toBe('SESSION_NOT_FOUND');
    } finally {
      client.disconnect();
    }
  }, 60_000);

  it('no fleet: FLEET_NOT_CONFIGURED (404); a fleet that could not be opened: 503 with its code', async () => {
    const none = await serveUiRoutes({ routes: fleetRoutes(), context: { projectRoot: '/' } as unknown as Omit<UiServerContext, 'signal'> });
    const broken = await serveUiRoutes({ routes: fleetRoutes(), context: { projectRoot: '/', fleetError: { code: 'FLEET_REDIS_AUTH_FAILED', message: 'refused' } } as unknown as Omit<UiServerContext, 'signal'> });
    try {
      expect(await none.request('GET', '/api/fleet')).toMatchObject({ status: 404, json: { error: { code: 'FLEET_NOT_CONFIGURED' } } });
      expect(await none.request('POST', '/api/fleet/jobs/x/cancel', {})).toMatchObject({ status: 404, json: { error: { code: 'FLEET_NOT_CONFIGURED' } } });
      expect(await broken.request('GET', '/api/fleet/jobs/x')).toMatchObject({ status: 503, json: { error: { code: 'FLEET_REDIS_AUTH_FAILED' } } });
    } finally {
      await none.close();
      await broken.close();
    }
  });
});
