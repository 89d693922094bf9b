import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { vi } from 'vitest';

/**
 * Google credentials that reach no one but `tokenServerUrl` (whose `/token` answers an access token), set for
 * google-auth-library as the process environment it reads: a service account's token endpoint is fixed in the
 * library, an external account's (STS) `token_url` is not, so this is an external account whose subject token
 * is a file. `GOOGLE_CLOUD_PROJECT` is set too: the library looks for the project when it makes the client, and
 * finding it in the environment asks no server. Returns the clean-up (call `vi.unstubAllEnvs()` too).
 */
export async function useLoopbackGoogleCredentials(options: { tokenServerUrl: string; projectId: string }): Promise<() => Promise<void>> {
  const folder = await mkdtemp(path.join(os.tmpdir(), 'codev-google-'));
  const subjectToken = path.join(folder, 'subject-token');
  await writeFile(subjectToken, 'loopback-subject-token');
  const credentials = path.join(folder, 'external-account.json');
  await writeFile(
    credentials,
    JSON.stringify({
      type: 'external_account',
      audience: '//iam.googleapis.com/projects/1/locations/global/workloadIdentityPools/pool/providers/loopback',
      subject_token_type: 'urn:ietf:params:oauth:token-type:jwt',
      token_url: `${options.tokenServerUrl}/token`,
      credential_source: { file: subjectToken },
    }),
  );
  vi.stubEnv('GOOGLE_APPLICATION_CREDENTIALS', credentials);
  vi.stubEnv('GOOGLE_CLOUD_PROJECT', options.projectId);
  return () => rm(folder, { recursive: true, force: true });
}
