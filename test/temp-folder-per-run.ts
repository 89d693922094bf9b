/**
 * Vitest global setup: every test run gets a temp folder of its own (TMPDIR for the test processes and all
 * they start), removed when the run ends, so the thousands of temp projects, sessions and journals the tests
 * make leave nothing behind, and two runs on one machine never see each other's files.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export default function setup(): () => void {
  const previous = process.env.TMPDIR;
  const folder = mkdtempSync(path.join(os.tmpdir(), 'codev-vitest-'));
  process.env.TMPDIR = folder;
  return () => {
    if (previous === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = previous;
    rmSync(folder, { recursive: true, force: true, maxRetries: 3 });
  };
}
