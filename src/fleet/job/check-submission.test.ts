import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CodevError } from '../../errors/codev-error.ts';
import { checkSubmission, MAX_JOB_SETTINGS_BYTES } from './check-submission.ts';

const folder = mkdtempSync(path.join(os.tmpdir(), 'codev-check-submission-'));
const script = path.join(folder, 'agent.ts');
writeFileSync(script, "export default { system: 'x' };\n");
afterAll(() => rmSync(folder, { recursive: true, force: true }));

function refusal(run: () => unknown): CodevError | undefined {
  try {
    run();
  } catch (error) {
    if (CodevError.isInstance(error)) return error;
    throw error;
  }
  return undefined;
}

describe('checkSubmission', () => {
  it('refuses settings besides the prompt past the limit, which every job of the submit would carry, naming the field', () => {
    const rule = `Read(/${'a'.repeat(MAX_JOB_SETTINGS_BYTES)})`;
    expect(refusal(() => checkSubmission({ script, prompts: Array.from({ length: 1_000 }, () => 'small'), permissions: { allow: [rule] } }))).toMatchObject({ code: 'JOB_INVALID', field: 'permissions' });
    expect(refusal(() => checkSubmission({ script, prompt: 'small', workspace: { repo: `/${'r'.repeat(MAX_JOB_SETTINGS_BYTES)}` } }))).toMatchObject({ code: 'JOB_INVALID', field: 'workspace' });
  });

  it('takes ordinary settings and a prompt up to its own limit', () => {
    const jobs = checkSubmission({ script, prompt: 'é'.repeat(1_000), permissions: { allow: ['Read', 'Edit(src/**)'] }, workspace: { repo: '/srv/repo.git', ref: 'main' } });
    expect(jobs).toHaveLength(1);
    expect(refusal(() => checkSubmission({ script, prompt: 'é'.repeat(600), maxPromptBytes: 1_000 }))).toMatchObject({ code: 'JOB_INVALID', field: 'prompt' });
  });
});
