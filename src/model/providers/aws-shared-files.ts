import os from 'node:os';
import path from 'node:path';
import { variable, type ProviderEnvironment } from './provider-environment.ts';

/**
 * The files the AWS SDK's default credential chain reads, as each environment of `envs` names them:
 * `AWS_SHARED_CREDENTIALS_FILE` (else ~/.aws/credentials), `AWS_CONFIG_FILE` (else ~/.aws/config), and
 * `AWS_WEB_IDENTITY_TOKEN_FILE`; the home as the AWS SDK finds it (`HOME`, `USERPROFILE`, else the user's).
 */
export function awsSharedFiles(envs: readonly ProviderEnvironment[]): string[] {
  return envs.flatMap((env) => {
    const home = variable(env, 'HOME') ?? variable(env, 'USERPROFILE') ?? os.homedir();
    return [variable(env, 'AWS_SHARED_CREDENTIALS_FILE') ?? path.join(home, '.aws', 'credentials'), variable(env, 'AWS_CONFIG_FILE') ?? path.join(home, '.aws', 'config'), variable(env, 'AWS_WEB_IDENTITY_TOKEN_FILE')].filter((file): file is string => file !== undefined);
  });
}
