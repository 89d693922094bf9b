#!/usr/bin/env node
/**
 * What the temp-file journal and the write lock cost per atomic write of a 1 KB file:
 *
 *   node bench/atomic-write.mjs [writes-per-round=300] [rounds=7]
 *
 * - before: writeFileAtomic as it was before the journal (eec9d52), copied below: resolve the target, temp
 *   file, write, fsync, mode, rename, fsync of the folder.
 * - after: today's writeFileAtomic with `expected` (journal line before the temp file, the regular-file
 *   check, the compare-and-swap stat before the rename).
 * - after + lock: withFileLock around it, as Edit and Write do (in-process queue, lock symlink, its journal
 *   line, release).
 *
 * Rounds alternate between the cases (a busy machine drifts); the median round is reported, with its ratio
 * to "before". The files live in the OS temp folder, so fsync costs what it costs on that disk.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { chmod, mkdir, open, rename, stat, unlink } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createJiti } from 'jiti';

const jiti = createJiti(import.meta.url);
const { writeFileAtomic } = await jiti.import('../src/files/write-file-atomic.ts');
const { withFileLock } = await jiti.import('../src/files/with-file-lock.ts');
const { fileIdentity } = await jiti.import('../src/files/file-identity.ts');
const { resolveWriteTarget } = await jiti.import('../src/files/write-file-atomic.ts');
const { journalTempFile } = await jiti.import('../src/files/temp-file-journal.ts');

const WRITES = Number(process.argv[2] ?? 300);
const ROUNDS = Number(process.argv[3] ?? 7);
const DATA = Buffer.alloc(1024, 'x');

/** writeFileAtomic before this change, for the "before" row (the owner check left out: not exercised here). */
async function writeFileAtomicBefore(filePath) {
  const target = await resolveWriteTarget(filePath);
  const directory = path.dirname(target);
  const existing = await stat(target).catch((error) => {
    if (error.code === 'ENOENT') return undefined;
    throw error;
  });
  if (!existing) await mkdir(directory, { recursive: true });
  const tempPath = path.join(directory, `.${path.basename(target)}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`);
  const handle = await open(tempPath, 'wx', existing ? 0o600 : 0o666);
  try {
    await handle.writeFile(DATA);
    await handle.sync();
  } finally {
    await handle.close();
  }
  if (existing) await chmod(tempPath, existing.mode & 0o7777);
  await rename(tempPath, target).catch(async (error) => {
    await unlink(tempPath).catch(() => {});
    throw error;
  });
  const directoryHandle = await open(directory, 'r');
  await directoryHandle.sync().finally(() => directoryHandle.close());
}

const cases = {
  before: (file) => writeFileAtomicBefore(file),
  after: (file) => writeFileAtomic(file, DATA, { expected: fileIdentity(statSync(file)) }),
  'after + lock': (file) => withFileLock(file, (target) => writeFileAtomic(target, DATA, { expected: fileIdentity(statSync(target)) })),
};

const directory = mkdtempSync(path.join(os.tmpdir(), 'codev-bench-atomic-'));
const times = Object.fromEntries(Object.keys(cases).map((name) => [name, []]));
try {
  for (const [name, write] of Object.entries(cases)) {
    const file = path.join(directory, `${name.replace(/\W+/g, '-')}.txt`);
    await writeFileAtomicBefore(file);
    for (let i = 0; i < 20; i++) await write(file); // warm-up
  }
  for (let round = 0; round < ROUNDS; round++) {
    for (const [name, write] of Object.entries(cases)) {
      const file = path.join(directory, `${name.replace(/\W+/g, '-')}.txt`);
      const started = performance.now();
      for (let i = 0; i < WRITES; i++) await write(file);
      times[name].push(((performance.now() - started) * 1000) / WRITES);
    }
  }
} finally {
  rmSync(directory, { recursive: true, force: true });
}

// The journal alone: one line listed and released, what each temp file and each lock costs.
const journalRuns = 20_000;
const journalStarted = performance.now();
for (let i = 0; i < journalRuns; i++) (await journalTempFile(path.join(directory, `.x.${process.pid}.0123456789ab.tmp`)))();
const journalMicroseconds = ((performance.now() - journalStarted) * 1000) / journalRuns;

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const reference = median(times.before);
console.log(`atomic write of a 1 KB file: ${WRITES} writes x ${ROUNDS} rounds, Node ${process.version}, ${os.cpus()[0]?.model ?? 'unknown CPU'}, temp folder ${os.tmpdir()}\n`);
console.log('case           µs/write (median)   rounds min-max     ratio vs before');
for (const [name, values] of Object.entries(times)) {
  const row = [name.padEnd(14), median(values).toFixed(1).padStart(10), `${Math.min(...values).toFixed(0)}-${Math.max(...values).toFixed(0)}`.padStart(22), `${(median(values) / reference).toFixed(2)}x`.padStart(14)];
  console.log(row.join('   '));
}
console.log(`\njournal line alone (journalTempFile + release): ${journalMicroseconds.toFixed(1)} µs; a locked write lists two (the temp file and the lock)`);
