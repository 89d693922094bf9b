import path from 'node:path';
import { CodevError } from '../../errors/codev-error.ts';

/** An attempt's folder name: one path component, never one of the job folder's own dot-folders. */
const ATTEMPT = /^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/;

/** Beside the attempts' checkouts: which process made each (see `removeDeadAttemptFolders`). */
const OWNER_FOLDER = '.codev-owner';

/** The places of one attempt of a job on this machine, all under `<root>/<jobId>/`. */
export interface AttemptFolders {
  /** `<root>/<jobId>`: the job's folder, holding one checkout per attempt. */
  job: string;
  /** `<root>/<jobId>/<attempt>`: the attempt's checkout. */
  checkout: string;
  /** `<root>/<jobId>/.codev-owner/<attempt>`: the pid of the process the attempt runs in. */
  owner: string;
}

/**
 * The folders of `attempt` of a job (an already checked job id) under the worker's `root`: each attempt works
 * in its own checkout, so a new attempt never wipes a folder a stale one still writes in.
 */
export function attemptFolders(root: string, jobId: string, attempt: string): AttemptFolders {
  if (!ATTEMPT.test(attempt)) throw new CodevError('INPUT_INVALID', `"${attempt}" cannot name an attempt's folder`, { field: 'attempt', hint: 'an attempt is named by 1 to 64 letters, digits, "_" and "-", e.g. its number' });
  const job = path.join(root, jobId);
  return { job, checkout: path.join(job, attempt), owner: path.join(job, OWNER_FOLDER, attempt) };
}

/** Where the owner of the attempt folder `name` in `job` is written. */
export function ownerPath(job: string, name: string): string {
  return path.join(job, OWNER_FOLDER, name);
}
