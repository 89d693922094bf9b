import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FakeVertexServer } from './types.ts';

/** A throwaway service account written by {@link writeFakeServiceAccountFile}. */
export interface FakeServiceAccountFile {
  /** The JSON file, for `GOOGLE_APPLICATION_CREDENTIALS` or `new GoogleAuth({ keyFilename })`. */
  path: string;
  clientEmail: string;
  projectId: string;
}

/** The universe the file names: not Google's, so google-auth-library signs its own JWTs and never calls Google. */
export const FAKE_UNIVERSE_DOMAIN = 'fake-universe.test';

/**
 * Writes a service-account JSON with a freshly generated RSA key into `directory` and makes `server` trust it.
 * Its `token_uri` is the fake's token endpoint, and its `universe_domain` is not Google's: google-auth-library
 * (10.x) posts token requests to Google's fixed URL whatever `token_uri` says, but outside Google's universe it
 * sends a self-signed JWT (scope cloud-platform) as the bearer instead, which the fake verifies with the public
 * key. So no request leaves the machine, and the credentials prove nothing outside the test.
 */
export async function writeFakeServiceAccountFile(options: { directory: string; server: FakeVertexServer; projectId?: string }): Promise<FakeServiceAccountFile> {
  const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const projectId = options.projectId ?? 'fake-project';
  const clientEmail = `codev-test-${randomBytes(4).toString('hex')}@${projectId}.iam.gserviceaccount.com`;
  const account = {
    type: 'service_account',
    project_id: projectId,
    private_key_id: randomBytes(20).toString('hex'),
    private_key: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    client_email: clientEmail,
    client_id: String(Date.now()),
    auth_uri: `${options.server.url}/auth`,
    token_uri: options.server.tokenURL,
    universe_domain: FAKE_UNIVERSE_DOMAIN,
  };
  const path = join(options.directory, `service-account-${randomBytes(4).toString('hex')}.json`);
  await writeFile(path, JSON.stringify(account, null, 2), { mode: 0o600 });
  options.server.trustServiceAccount({ clientEmail, publicKeyPem: publicKey.export({ type: 'spki', format: 'pem' }).toString() });
  return { path, clientEmail, projectId };
}
