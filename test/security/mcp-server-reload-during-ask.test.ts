import { existsSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { ElicitRequest, ElicitResult } from '@modelcontextprotocol/sdk/types.js';
import { CONFIG, HEADER, metaOf, serveTestProject, type ServedProject } from '../../src/mcp-server/test-fixtures/serve-test-project.ts';
import type { CanUseTool } from '../../src/permissions/types.ts';

// A call that asks waits for its answer (an elicitation may wait minutes). The project can change meanwhile: a
// reload that adds a deny rule or a hook, or takes the tool away, must hold for the call that was waiting. The client's
// "allow" was given under the old rules: it allows nothing the new ones deny, and keeps no rule.

const served: ServedProject[] = [];
afterEach(async () => {
  await Promise.all(served.splice(0).map((project) => project.cleanup()));
});

/** A tool that always asks, and leaves a file when it runs. */
const CAREFUL = `${HEADER}import { writeFileSync } from 'node:fs';
export default buildTool({ name: 'Careful', description: 'Asks first', inputSchema: z.object({ mark: z.string() }),
  checkPermissions: () => ({ behavior: 'ask', message: 'Careful wants to write' }),
  call: ({ mark }, context) => { writeFileSync(context.cwd + '/' + mark, 'x'); return { data: 'marked' }; } });
`;

/** The project's config with one more deny rule. */
function configDenying(rule: string): string {
  return CONFIG.replace("deny: ['Bash(rm:*)'", `deny: [${JSON.stringify(rule)}, 'Bash(rm:*)'`);
}

async function serve(server: Parameters<typeof serveTestProject>[0] = {}): Promise<ServedProject> {
  const project = await serveTestProject({ ...server, files: { 'plugins/careful.ts': CAREFUL, ...server.files } });
  served.push(project);
  return project;
}

/** Answers every elicitation with `decision`, after `change` has changed the project and the kernel reloaded it. */
function answerAfter(project: () => ServedProject, change: () => void, decision: string): (request: ElicitRequest) => Promise<ElicitResult> {
  return async () => {
    change();
    const reloaded = await project().test.kernel.reload();
    expect(reloaded.ok).toBe(true);
    return { action: 'accept', content: { decision } };
  };
}

describe('a reload while a call waits for its permission answer', { timeout: 60_000 }, () => {
  for (const decision of ['allow_once', 'allow_always']) {
    it(`that adds a deny rule for the call denies it, though the client answered ${decision}`, async () => {
      const project = await serve();
      const { client } = await project.connect({ elicit: answerAfter(() => project, () => writeFileSync(path.join(project.root, 'codev.config.ts'), configDenying('Bash(touch:*)')), decision) });
      const result = await client.callTool({ name: 'Bash', arguments: { command: 'touch made.txt' } });
      expect(metaOf(result)).toMatchObject({ errorCode: 'PERMISSION_DENIED', decision: { behavior: 'deny' } });
      expect(existsSync(path.join(project.root, 'made.txt'))).toBe(false);
      // No rule was kept from the answer: the next call is denied by the new rule, not allowed by a kept one.
      const again = await client.callTool({ name: 'Bash', arguments: { command: 'touch again.txt' } });
      expect(metaOf(again).decision).toMatchObject({ behavior: 'deny' });
      expect(existsSync(path.join(project.root, 'again.txt'))).toBe(false);
    });
  }

  it('that adds a PreToolUse hook denying the call denies it', async () => {
    const project = await serve();
    const withHook = CONFIG.replace('hooks: [', "hooks: [defineHook({ event: 'PreToolUse', name: 'no-touch', matcher: 'Bash', handler: () => ({ decision: 'deny', reason: 'no touching' }) }), ");
    const { client } = await project.connect({ elicit: answerAfter(() => project, () => writeFileSync(path.join(project.root, 'codev.config.ts'), withHook), 'allow_once') });
    const result = await client.callTool({ name: 'Bash', arguments: { command: 'touch hooked.made' } });
    expect(metaOf(result)).toMatchObject({ errorCode: 'PERMISSION_DENIED' });
    expect(existsSync(path.join(project.root, 'hooked.made'))).toBe(false);
  });

  it('that takes the tool away denies the call', async () => {
    const project = await serve();
    const { client } = await project.connect({ elicit: answerAfter(() => project, () => rmSync(path.join(project.root, 'plugins/careful.ts')), 'allow_once') });
    const result = await client.callTool({ name: 'Careful', arguments: { mark: 'careful.mark' } });
    expect(result.isError).toBe(true);
    expect(existsSync(path.join(project.root, 'careful.mark'))).toBe(false);
  });

  it("that adds a deny rule denies the call an embedder's canUseTool allowed", async () => {
    let project!: ServedProject;
    const canUseTool: CanUseTool = async () => {
      writeFileSync(path.join(project.root, 'codev.config.ts'), configDenying('Careful'));
      await project.test.kernel.reload();
      return { behavior: 'allow' };
    };
    project = await serve({ server: { canUseTool } });
    const { client } = await project.connect();
    const result = await client.callTool({ name: 'Careful', arguments: { mark: 'embedded.mark' } });
    expect(metaOf(result)).toMatchObject({ errorCode: 'PERMISSION_DENIED' });
    expect(existsSync(path.join(project.root, 'embedded.mark'))).toBe(false);
  });

  it('that changes nothing the call meets lets the answer stand', async () => {
    const project = await serve();
    const { client } = await project.connect({ elicit: answerAfter(() => project, () => writeFileSync(path.join(project.root, 'codev.config.ts'), configDenying('Bash(curl:*)')), 'allow_once') });
    const result = await client.callTool({ name: 'Bash', arguments: { command: 'touch made.txt' } });
    expect(result.isError).toBeFalsy();
    expect(existsSync(path.join(project.root, 'made.txt'))).toBe(true);
  });
});
