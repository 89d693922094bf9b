import { CodevError } from '../../errors/codev-error.ts';

/** A file name that is also one git ref component (git refuses `..`, a trailing `.` and a `.lock` ending). */
const JOB_ID = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;

/**
 * `jobId` when it is safe as a folder name under the worker's root and inside the job's refs
 * (`refs/codev/jobs/<jobId>/…`), else 'INPUT_INVALID'.
 */
export function checkJobId(jobId: string): string {
  if (JOB_ID.test(jobId) && !jobId.includes('..') && !jobId.endsWith('.') && !jobId.endsWith('.lock')) return jobId;
  throw new CodevError('INPUT_INVALID', `"${jobId}" cannot name a job workspace`, {
    field: 'jobId',
    hint: 'a job id for a workspace is 1 to 128 letters, digits, ".", "_" and "-", starting with a letter or digit, with no ".." and not ending in "." or ".lock"',
  });
}
