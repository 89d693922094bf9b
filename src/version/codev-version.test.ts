import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { main } from '../cli/main.ts';
import { codevVersion } from './codev-version.ts';

it('codev --version prints the version of package.json', async () => {
  const { version } = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };
  expect(codevVersion()).toBe(version);
  let out = '';
  const code = await main(['--version'], { stdout: (text) => (out += text), stderr: () => {}, readStdin: async () => '', cwd: process.cwd(), env: {} });
  expect({ code, out }).toEqual({ code: 0, out: `codev ${version}\n` });
});
