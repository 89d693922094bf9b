/**
 * Fault injection on the session lock of the file store (issue 28, items 1 and 5): many processes and many
 * agents of one process taking over one stale lock at once, a lock left by a container that restarted with
 * a new hostname, the explicit takeover, and a holder whose lock was taken. Real files, real processes;
 * every wait is bounded so a hang fails instead of stalling.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { CodevError } from '../../src/errors/codev-error.ts';
import { rejectionCode } from '../../src/testing/rejection-code.ts';
import { createFileSessionStore } from '../../src/transcripts/create-file-session-store.ts';
import type { SessionStore, SessionWriter, TranscriptEntry } from '../../src/transcripts/types.ts';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const WORKER = path.join(REPO, 'test/faults/session-locks-worker.ts');
/** Runs a TypeScript file the way bin/codev.mjs does (jiti); its argv[1] is the file, then its arguments. */
const RUN_TYPESCRIPT = "import { createJiti } from 'jiti'; await createJiti(process.cwd() + '/').import(process.argv[1]);";
/** Another machine's name: a container restarted under a new hostname, or a host sharing the folder. */
const OTHER_HOST = `${os.hostname()}-before-restart`;

/** `promise`, or a rejection after `ms`: a hang fails the test instead of stalling vitest. */
function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`${what}: no answer after ${ms} ms`)), ms)));
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

function startWorker(args: string[]) {
  const child = spawn(process.execPath, ['--input-type=module', '-e', RUN_TYPESCRIPT, WORKER, ...args], { cwd: REPO, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk));
  const exited = new Promise<number | null>((resolve) => child.on('close', resolve));
  /** Resolves with the first printed line that `match` accepts. */
  const printed = (match: (line: string) => boolean) =>
    new Promise<string>((resolve, reject) => {
      const check = () => {
        const found = stdout.split('\n').find(match);
        if (found !== undefined) resolve(found);
      };
      check();
      child.stdout.on('data', check);
      void exited.then(() => reject(new Error(`worker exited without the expected line: ${stdout} ${stderr}`)));
    });
  return { child, exited, printed };
}

const temporaryDirectory = () => path.join(mkdtempSync(path.join(os.tmpdir(), 'codev-session-locks-')), '.codev', 'sessions');
const message = (uuid: string): TranscriptEntry => ({ type: 'message', uuid, timestamp: new Date().toISOString(), message: { role: 'user', content: uuid } });

async function newSession(store: SessionStore, id: string): Promise<void> {
  const writer = await store.open({ id, metadata: { id, cwd: '/project', model: 'claude-test', codevVersion: '0.0.0-test', createdAt: new Date().toISOString() } });
  await writer.close();
}

/** The uuids of the transcript's messages. */
function transcriptUuids(directory: string, id: string): string[] {
  return readFileSync(path.join(directory, `${id}.jsonl`), 'utf8')
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as TranscriptEntry)
    .flatMap((entry) => (entry.type === 'message' ? [entry.uuid] : []));
}

/** For each round, the writers (by name) whose messages are in the transcript: uuids are `r<round>-<name>-<i>`. */
function writersByRound(uuids: readonly string[]): Map<number, Set<string>> {
  const writers = new Map<number, Set<string>>();
  for (const uuid of uuids) {
    const [, round, name] = /^r(\d+)-(\w+)-\d+$/.exec(uuid) ?? [];
    if (round === undefined || name === undefined) continue;
    if (!writers.has(Number(round))) writers.set(Number(round), new Set());
    writers.get(Number(round))!.add(name);
  }
  return writers;
}

/** The pid of a process that existed and was killed with SIGKILL: dead for sure. */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
  await new Promise((resolve) => child.once('spawn', resolve));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGKILL');
  await exited;
  return child.pid!;
}

/** A process that holds session `id` (with these lock options) until it is killed. */
async function holder(directory: string, id: string, lock: { heartbeatMs: number; expiryMs: number } = { heartbeatMs: 10_000, expiryMs: 60_000 }) {
  const worker = startWorker(['hold', directory, id, String(lock.heartbeatMs), String(lock.expiryMs)]);
  await within(worker.printed((line) => line === 'held'), 20_000, 'the holding process');
  return {
    async kill() {
      worker.child.kill('SIGKILL');
      await worker.exited;
    },
  };
}

/** The lock that a process killed while holding session `id` leaves behind. */
async function lockOfKilledHolder(directory: string, id: string): Promise<void> {
  await (await holder(directory, id)).kill();
}

/** The file of a lock that names its holder: the lock itself when it is a file, else the one file in it. */
function ownerFileOf(lock: string): string {
  if (!statSync(lock).isDirectory()) return lock;
  const names = readdirSync(lock);
  expect(names).toHaveLength(1);
  return path.join(lock, names[0]!);
}

/** Changes what the lock of session `id` says about its holder; `heartbeatAt` also dates its file. */
function rewriteHolder(directory: string, id: string, change: Record<string, unknown>, heartbeatAt?: Date): void {
  const file = ownerFileOf(path.join(directory, `${id}.lock`));
  writeFileSync(file, JSON.stringify({ ...(JSON.parse(readFileSync(file, 'utf8')) as object), ...change }));
  if (heartbeatAt) utimesSync(file, heartbeatAt, heartbeatAt);
}

describe('a stale session lock taken over by many at once', () => {
  it('eight processes, round after round: one takes the session, the others are SESSION_BUSY, and one writer writes each round', async () => {
    const directory = temporaryDirectory();
    const id = 'raced';
    await newSession(createFileSessionStore({ directory }), id);
    const go = path.join(path.dirname(directory), 'go-');
    const rounds = 6;
    const names = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'];
    const workers = names.map((name) => startWorker(['race', directory, id, name, String(rounds), go]));
    try {
      await within(Promise.all(workers.map((worker) => worker.printed((line) => line === 'ready'))), 30_000, 'starting the racers');
      for (let round = 1; round <= rounds; round++) {
        // Odd rounds: the lock file an earlier codev left when it was killed; even ones: the lock a killed holder of this codev left.
        if (round % 2) writeFileSync(path.join(directory, `${id}.lock`), JSON.stringify({ pid: await deadPid(), hostname: os.hostname(), token: 'gone', createdAt: new Date().toISOString() }));
        else await lockOfKilledHolder(directory, id);
        writeFileSync(`${go}${round}`, '');
        const answered = (line: string) => line.startsWith(`{"round":${round},`) && !line.includes('"done"');
        const lines = await within(Promise.all(workers.map((worker) => worker.printed(answered))), 20_000, `round ${round}`);
        const results = lines.map((line) => JSON.parse(line) as { won?: boolean; code?: string });
        expect(results.filter((result) => result.won), `round ${round}: ${lines.join(' ')}`).toHaveLength(1);
        expect(results.filter((result) => !result.won).map((result) => result.code)).toEqual(Array(names.length - 1).fill('SESSION_BUSY'));
        // The winner held the session until all had answered; now it closes it.
        writeFileSync(`${go}${round}-end`, '');
        await within(Promise.all(workers.map((worker) => worker.printed((line) => line === JSON.stringify({ round, done: true })))), 20_000, `end of round ${round}`);
      }
      const byRound = writersByRound(transcriptUuids(directory, id));
      for (let round = 1; round <= rounds; round++) expect([...(byRound.get(round) ?? [])], `writers of round ${round}`).toHaveLength(1);
      // Nothing is left behind but the transcript: no lock, no half-made one.
      const left = readdirSync(directory, { withFileTypes: true }).filter((entry) => entry.name !== '.gitignore' && !entry.name.endsWith('.jsonl'));
      for (const entry of left) expect(entry.isDirectory() && readdirSync(path.join(directory, entry.name)).length === 0, `left behind: ${entry.name}`).toBe(true);
    } finally {
      for (const worker of workers) worker.child.kill('SIGKILL');
    }
  }, 120_000);

  it('eight agents of one process opening a session an earlier process with this pid held (a container\'s pid 1): one gets it', async () => {
    const directory = temporaryDirectory();
    const id = 'pid-one';
    const store = createFileSessionStore({ directory });
    await newSession(store, id);
    const earlier: SessionWriter[] = [];
    try {
      for (let round = 1; round <= 5; round++) {
        // A lock naming this pid under another process token and start: the process that had this pid before is gone.
        earlier.push(await store.open({ id }));
        rewriteHolder(directory, id, { token: `earlier-process-${round}`, processStart: `earlier-boot:${round}` });
        // The agents start together or a few event-loop turns apart (each round another spacing).
        const opened = await Promise.allSettled(
          Array.from({ length: 8 }, async (_, index) => {
            for (let turn = 0; turn < index * (round % 3); turn++) await new Promise((resolve) => setImmediate(resolve));
            return createFileSessionStore({ directory }).open({ id });
          }),
        );
        const writers = opened.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
        const codes = opened.flatMap((result) => (result.status === 'rejected' ? [(result.reason as CodevError).code] : []));
        expect(writers, `round ${round}: ${codes.join(' ')}`).toHaveLength(1);
        expect(codes).toEqual(Array(7).fill('SESSION_BUSY'));
        await Promise.all(
          writers.map(async (writer, index) => {
            for (let line = 0; line < 10; line++) await writer.append([message(`r${round}-w${index}-${line}`)]);
            await writer.close();
          }),
        );
      }
      const byRound = writersByRound(transcriptUuids(directory, id));
      for (let round = 1; round <= 5; round++) expect([...(byRound.get(round) ?? [])], `writers of round ${round}`).toHaveLength(1);
    } finally {
      await Promise.allSettled(earlier.map((writer) => writer.close()));
    }
  }, 60_000);
});

describe('two copies of codev in one process', () => {
  it('a session held through one copy is SESSION_BUSY through the other (an agent script loaded by jiti brings its own copy)', async () => {
    const { createJiti } = await import('jiti');
    const copy = await createJiti(import.meta.url, { moduleCache: false }).import<{ createFileSessionStore: typeof createFileSessionStore }>(path.join(REPO, 'src/transcripts/create-file-session-store.ts'));
    expect(copy.createFileSessionStore).not.toBe(createFileSessionStore);
    const directory = temporaryDirectory();
    const store = createFileSessionStore({ directory });
    await newSession(store, 'shared');
    const held = await store.open({ id: 'shared' });
    expect(await rejectionCode(copy.createFileSessionStore({ directory }).open({ id: 'shared' }))).toBe('SESSION_BUSY');
    await held.close();
    const other = await copy.createFileSessionStore({ directory }).open({ id: 'shared' });
    expect(await rejectionCode(store.open({ id: 'shared' }))).toBe('SESSION_BUSY');
    await other.close();
  }, 30_000);
});

describe('a lock whose holder cannot be checked (another host) expires by its heartbeat', () => {
  it('a lock of a container that restarted under a new hostname, its heartbeat long stopped, is taken over', async () => {
    const directory = temporaryDirectory();
    const store = createFileSessionStore({ directory });
    await newSession(store, 'restarted');
    await lockOfKilledHolder(directory, 'restarted');
    rewriteHolder(directory, 'restarted', { hostname: OTHER_HOST }, new Date(Date.now() - 10 * 60_000));
    const writer = await store.open({ id: 'restarted' });
    await writer.append([message('after-restart')]);
    await writer.close();
    expect(transcriptUuids(directory, 'restarted')).toEqual(['after-restart']);
  }, 30_000);

  it('while its heartbeat is fresh it is SESSION_BUSY with a hint, and unlock takes it over at once', async () => {
    const directory = temporaryDirectory();
    const store = createFileSessionStore({ directory });
    await newSession(store, 'elsewhere');
    await lockOfKilledHolder(directory, 'elsewhere');
    rewriteHolder(directory, 'elsewhere', { hostname: OTHER_HOST }, new Date());
    const busy = await store.open({ id: 'elsewhere' }).catch((error: CodevError) => error);
    expect((busy as CodevError).code).toBe('SESSION_BUSY');
    expect((busy as CodevError).hint).toBeTruthy();
    expect(typeof store.unlock).toBe('function');
    await store.unlock!('elsewhere');
    const writer = await store.open({ id: 'elsewhere' });
    await writer.close();
  }, 30_000);

  it('the heartbeat keeps a lock held past its expiry; once its holder is killed the lock expires and is taken over', async () => {
    const directory = temporaryDirectory();
    // A hundred heartbeats per expiry: a busy machine that delays a few of them does not let the lock lapse.
    const lock = { heartbeatMs: 20, expiryMs: 2_000 };
    const store = createFileSessionStore({ directory, lock });
    await newSession(store, 'long');
    const running = await holder(directory, 'long', lock);
    try {
      // Its holder now counts as one that cannot be checked: only the heartbeat says it is alive.
      rewriteHolder(directory, 'long', { hostname: OTHER_HOST });
      await sleep(2.5 * lock.expiryMs);
      expect(await rejectionCode(store.open({ id: 'long' }))).toBe('SESSION_BUSY');
    } finally {
      await running.kill();
    }
    let writer: SessionWriter | undefined;
    await within(
      (async () => {
        while (!writer) {
          writer = await store.open({ id: 'long' }).catch((error: CodevError) => {
            expect(error.code).toBe('SESSION_BUSY');
            return undefined;
          });
          if (!writer) await sleep(50);
        }
      })(),
      20_000,
      'the lock of the killed holder to expire',
    );
    await writer!.close();
  }, 40_000);
});

describe('unlock, the explicit takeover', () => {
  it('refuses the lock of a live local process unless forced; the holder it is taken from fails its next append with SESSION_BUSY', async () => {
    const directory = temporaryDirectory();
    const lock = { heartbeatMs: 10, expiryMs: 60_000 };
    const first = createFileSessionStore({ directory, lock });
    const second = createFileSessionStore({ directory, lock });
    await newSession(first, 'taken');
    const holding = await first.open({ id: 'taken' });
    expect(typeof second.unlock).toBe('function');
    expect(await rejectionCode(second.unlock!('taken'))).toBe('SESSION_BUSY');
    await second.unlock!('taken', { force: true });
    const taker = await second.open({ id: 'taken' });
    await taker.append([message('taker-1')]);
    const fenced = await within(
      (async () => {
        for (let index = 0; ; index++) {
          const code = await rejectionCode(holding.append([message(`holder-${index}`)]));
          if (code !== undefined) return code;
          await sleep(10);
        }
      })(),
      20_000,
      'the holder to find its lock taken',
    );
    expect(fenced).toBe('SESSION_BUSY');
    await taker.append([message('taker-2')]);
    await taker.close();
    await holding.close().catch(() => {});
    expect(transcriptUuids(directory, 'taken').filter((uuid) => uuid.startsWith('taker'))).toEqual(['taker-1', 'taker-2']);
  }, 30_000);
});
