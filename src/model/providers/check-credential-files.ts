import { stat } from 'node:fs/promises';
import { CodevError } from '../../errors/codev-error.ts';

/** Larger than any credentials or config file: past it, the file is not one (a log, a disk image, /dev/zero's copy). */
const MAX_CREDENTIAL_FILE_BYTES = 1024 * 1024;

/**
 * Checks, before a provider's SDK reads them, that the credential files it will read (`paths`; a missing one is
 * skipped, the SDK says what is missing) are regular files of a credential file's size. The SDKs read them whole
 * and without a timeout: a FIFO blocks the read forever (and the process with it), a link to /dev/zero or a huge
 * file fills the memory. Such a file is `MODEL_AUTHENTICATION_FAILED`, naming it, before any of it is read.
 */
export async function checkCredentialFiles(options: { label: string; paths: readonly (string | undefined)[] }): Promise<void> {
  for (const file of new Set(options.paths.filter((path): path is string => path !== undefined && path !== ''))) {
    const stats = await stat(file).catch(() => undefined);
    if (!stats) continue;
    const problem = stats.isDirectory() ? undefined : !stats.isFile() ? 'is not a regular file (a FIFO, a socket or a device)' : stats.size > MAX_CREDENTIAL_FILE_BYTES ? `is ${stats.size} bytes, larger than any credentials file` : undefined;
    if (problem) {
      throw new CodevError('MODEL_AUTHENTICATION_FAILED', `${options.label}: the credentials file ${file} ${problem}; it was not read`, {
        hint: 'replace it with the credentials file itself, or point the variable that names it elsewhere',
      });
    }
  }
}
