import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { redactSecrets } from '../../processes/redact-secrets.ts';
import { ensureSessionDirectory } from '../../session/ensure-session-directory.ts';
import { PRIVATE_DIRECTORY_MODE, PRIVATE_FILE_MODE } from '../../session/private-modes.ts';
import { MAX_INLINE_OUTPUT_CHARS } from './bash-output.ts';

/**
 * Keeps output short enough to return inline: when stdout plus stderr exceed the inline limit, the whole
 * text is written to `<sessionDirectory>/bash/<toolUseId>.txt` and both streams are cut (the head of stdout,
 * the tail of stderr), with the file's path to read the rest. For output held whole in memory; bigger output
 * is streamed to the same file while the command runs (see OutputCollector).
 */
/**
 * Where a Bash call's whole output is saved: `<sessionDirectory>/bash/<toolUseId>.txt`, or in a persisted
 * session's `resultsDirectory` (`bash-<toolUseId>.txt`, kept with its transcript), or the first free
 * `-<n>.txt` when an earlier call with the same id (a proxy reusing ids) saved its output there.
 */
export function bashOutputPath(options: { sessionDirectory: string; resultsDirectory?: string; toolUseId: string }): string {
  const name = options.toolUseId.replace(/[^\w.-]/g, '_');
  const base = options.resultsDirectory ? path.join(options.resultsDirectory, `bash-${name}`) : path.join(options.sessionDirectory, 'bash', name);
  let file = `${base}.txt`;
  for (let number = 2; existsSync(file); number++) file = `${base}-${number}.txt`;
  return file;
}

export async function persistBashOutput(options: {
  stdout: string;
  stderr: string;
  sessionDirectory: string;
  resultsDirectory?: string;
  toolUseId: string;
  /** Values redacted in the saved file (see `redactSecrets`): the file is part of the saved session. */
  secrets?: ReadonlyArray<{ name: string; value: string }>;
}): Promise<{ stdout: string; stderr: string; persistedOutputPath?: string; persistedOutputSize?: number }> {
  const { stdout, stderr } = options;
  const limit = MAX_INLINE_OUTPUT_CHARS - 2_000;
  if (stdout.length + stderr.length <= limit) return { stdout, stderr };
  const persistedOutputPath = bashOutputPath(options);
  if (options.resultsDirectory === undefined) await ensureSessionDirectory(options.sessionDirectory);
  await mkdir(path.dirname(persistedOutputPath), { recursive: true, mode: PRIVATE_DIRECTORY_MODE });
  const full = redactSecrets(stderr === '' ? stdout : `${stdout}${stdout.endsWith('\n') || stdout === '' ? '' : '\n'}--- stderr ---\n${stderr}`, options.secrets ?? []);
  await writeFile(persistedOutputPath, full, { mode: PRIVATE_FILE_MODE });
  const stderrKept = Math.min(stderr.length, Math.floor(limit / 4));
  const stdoutKept = limit - stderrKept;
  return {
    stdout: stdout.length > stdoutKept ? `${stdout.slice(0, stdoutKept)}\n... [${stdout.length - stdoutKept} more characters of stdout]` : stdout,
    stderr: stderr.length > stderrKept ? `[${stderr.length - stderrKept} earlier characters of stderr]...\n${stderr.slice(-stderrKept)}` : stderr,
    persistedOutputPath,
    persistedOutputSize: Buffer.byteLength(full),
  };
}
