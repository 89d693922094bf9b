/**
 * Test-only: the packed codev installed in a fresh project outside this repo, made once per test run and shared
 * by the test files that need it (the package test, the runtimes test): packing takes about a minute and the
 * install about two, so each file making its own would double both.
 *
 * The first caller makes it; the others, in other vitest workers, wait for its `ready.json`. It lives in the
 * run's own temp folder (test/temp-folder-per-run.ts sets TMPDIR per run and removes it at the end), under the
 * vitest process's id, so a later run never picks up an old tarball.
 */
import { copyFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { packCodev, REPO } from './pack-codev.ts';
import { runChild } from '../run-child.ts';

export interface PackedConsumer {
  /** The folder holding the tarball and the project; a test writes its own scratch files here. */
  temp: string;
  tarball: string;
  /** The files in the tarball, as `npm pack` lists them. */
  files: string[];
  /** The consumer project: test/package/consumer/app.mjs, and codev, zod, TypeScript 5 and @types/node installed. */
  project: string;
}

const MANIFEST = JSON.parse(readFileSync(path.join(REPO, 'package.json'), 'utf8')) as { dependencies: Record<string, string>; devDependencies: Record<string, string> };
/** A TypeScript 5 beside the repo's own 7 (tsgo): most users' projects still type-check with 5.x. */
export const TYPESCRIPT_5 = '5.9.3';
export const INSTALL = ['install', '--no-audit', '--no-fund', '--prefer-offline'];

/** The shared packed-and-installed consumer project of this test run, made by the first caller. */
export async function packedConsumer(): Promise<PackedConsumer> {
  // Vitest's workers are forks of one process: its id names this run even without the per-run TMPDIR.
  const temp = path.join(os.tmpdir(), `codev-packed-consumer-${process.ppid}`);
  const ready = path.join(temp, 'ready.json');
  const failed = path.join(temp, 'failed.txt');
  try {
    mkdirSync(temp);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    // Another file is making it: wait for the outcome (the caller's hook timeout bounds the wait).
    while (!existsSync(ready)) {
      if (existsSync(failed)) throw new Error(`Packing and installing codev failed in another test file:\n${readFileSync(failed, 'utf8')}`);
      await sleep(500);
    }
    return JSON.parse(readFileSync(ready, 'utf8')) as PackedConsumer;
  }
  try {
    const consumer = await makeConsumer(temp);
    writeFileSync(ready, JSON.stringify(consumer));
    return consumer;
  } catch (error) {
    writeFileSync(failed, error instanceof Error ? (error.stack ?? error.message) : String(error));
    throw error;
  }
}

async function makeConsumer(temp: string): Promise<PackedConsumer> {
  const { tarball, files } = await packCodev(temp);
  const project = path.join(temp, 'consumer');
  mkdirSync(project);
  writeFileSync(path.join(project, 'package.json'), `${JSON.stringify({ name: 'consumer', private: true, type: 'module' }, null, 2)}\n`);
  copyFileSync(path.join(REPO, 'test/package/consumer/app.mjs'), path.join(project, 'app.mjs'));
  const install = await runChild('npm', [...INSTALL, tarball, `zod@${MANIFEST.dependencies.zod}`, `typescript@${TYPESCRIPT_5}`, `@types/node@${MANIFEST.devDependencies['@types/node']}`], { cwd: project, timeoutMs: 300_000 });
  if (install.code !== 0) throw new Error(`npm install of the packed codev failed:\n${install.output}`);
  return { temp, tarball, files, project };
}
