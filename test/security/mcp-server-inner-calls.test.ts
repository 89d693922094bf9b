import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { serveTestProject, textOf, type ServedProject } from '../../src/mcp-server/test-fixtures/serve-test-project.ts';

// A served tool that runs other tools (REPL, Agent) must not reach the tools the server does not serve: the
// `tools` option, and the agent-only tools left out by default, hold for the calls it makes too, whatever the
// mode (bypassPermissions here, so that nothing else stops them).

const served: ServedProject[] = [];
afterEach(async () => {
  await Promise.all(served.splice(0).map((project) => project.cleanup()));
});

async function serve(server: NonNullable<Parameters<typeof serveTestProject>[0]>['server']): Promise<ServedProject> {
  // CODEV_REPL=1 puts the REPL in the pool (and hides the primitives it wraps).
  const project = await serveTestProject({ kernel: { permissionMode: 'bypassPermissions', env: { CODEV_REPL: '1' } }, server });
  served.push(project);
  return project;
}

/** Runs `code` in the REPL and says whether its one inner call ran (the REPL result of a refused call is an error). */
async function innerCallRan(project: ServedProject, code: string): Promise<{ ran: boolean; text: string }> {
  const { client } = await project.connect();
  const result = await client.callTool({ name: 'REPL', arguments: { code: `await ${code}.then(() => 'ran', (error) => 'refused: ' + error.message)` } });
  const text = textOf(result);
  return { ran: text.includes("'ran'"), text };
}

describe('the calls a served REPL makes', { timeout: 60_000 }, () => {
  it('reach no tool that `tools` leaves out', async () => {
    const project = await serve({ tools: ['REPL'] });
    for (const code of ["Bash({ command: 'touch repl.made' })", "Shout({ text: 'hi' })", 'TodoWrite({ todos: [] })']) {
      expect((await innerCallRan(project, code)).ran, code).toBe(false);
    }
    expect(existsSync(path.join(project.root, 'repl.made'))).toBe(false);
  });

  it('reach no agent-only tool by default, and reach the served ones', async () => {
    const project = await serve(undefined);
    expect((await innerCallRan(project, 'TodoWrite({ todos: [] })')).ran).toBe(false);
    expect((await innerCallRan(project, "Shout({ text: 'hi' })")).ran).toBe(true);
    expect((await innerCallRan(project, "Bash({ command: 'touch ok.made' })")).ran).toBe(true);
    expect(existsSync(path.join(project.root, 'ok.made'))).toBe(true);
  });

  it('reach only what a `tools` predicate serves', async () => {
    const project = await serve({ tools: (tool) => tool.name === 'REPL' || tool.name === 'Shout' });
    expect((await innerCallRan(project, "Shout({ text: 'hi' })")).ran).toBe(true);
    expect((await innerCallRan(project, 'TodoWrite({ todos: [] })')).ran).toBe(false);
    expect((await innerCallRan(project, "Bash({ command: 'touch predicate.made' })")).ran).toBe(false);
    expect(existsSync(path.join(project.root, 'predicate.made'))).toBe(false);
  });
});
