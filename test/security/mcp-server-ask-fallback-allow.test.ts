import { existsSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { metaOf, serveTestProject, textOf, type ServedProject } from '../../src/mcp-server/test-fixtures/serve-test-project.ts';

// `askFallback: 'allow'` answers the asks nobody can answer with an allow: a blanket approval with no one
// looking, like bypassPermissions. Like that mode it must not settle the asks no mode settles: an ask rule,
// a deny rule that cannot be checked against the call, a write to a protected place, a command run outside
// the sandbox, a plugin whose rules are unknown. Those are denied; an ordinary ask (no rule allows the call)
// is still allowed.

const served: ServedProject[] = [];
afterEach(async () => {
  await Promise.all(served.splice(0).map((project) => project.cleanup()));
});

async function serve(options: Parameters<typeof serveTestProject>[0] = {}): Promise<ServedProject> {
  const project = await serveTestProject({ ...options, server: { askFallback: 'allow', ...options.server } });
  served.push(project);
  return project;
}

async function bash(project: ServedProject, command: string): Promise<Record<string, any>> {
  const { client } = await project.connect();
  return metaOf(await client.callTool({ name: 'Bash', arguments: { command } }));
}

describe("askFallback 'allow'", { timeout: 60_000 }, () => {
  it('does not settle an ask rule', async () => {
    const project = await serve({ kernel: { ask: ['Bash(touch:*)'] } });
    const { client } = await project.connect();
    const result = await client.callTool({ name: 'Bash', arguments: { command: 'touch asked.made' } });
    expect(metaOf(result)).toMatchObject({ errorCode: 'PERMISSION_DENIED', decision: { behavior: 'deny' } });
    expect(existsSync(path.join(project.root, 'asked.made'))).toBe(false);
    // An --allow would not settle it either: the result must not send the user there.
    expect(textOf(result)).not.toContain('add --allow');
  });

  it('does not settle a deny rule that cannot be checked against the call', async () => {
    // The project denies Bash(rm:*): inline Python could do what it forbids.
    const project = await serve();
    expect(await bash(project, `python3 -c "open('inline.made', 'w')"`)).toMatchObject({ errorCode: 'PERMISSION_DENIED' });
    expect(existsSync(path.join(project.root, 'inline.made'))).toBe(false);
  });

  it('does not settle a write to a protected place', async () => {
    const project = await serve();
    expect(await bash(project, 'echo "{}" > .mcp.json')).toMatchObject({ errorCode: 'PERMISSION_DENIED', decision: { behavior: 'deny' } });
  });

  it('does not run a command outside the sandbox', async () => {
    const project = await serve();
    const outside = path.join(os.tmpdir(), `codev-unsandboxed-${process.pid}-${Date.now()}.made`);
    const { client } = await project.connect();
    const result = await client.callTool({ name: 'Bash', arguments: { command: `touch ${outside}`, dangerouslyDisableSandbox: true } });
    const ran = existsSync(outside);
    rmSync(outside, { force: true });
    expect(metaOf(result)).toMatchObject({ errorCode: 'PERMISSION_DENIED' });
    expect(ran).toBe(false);
  });

  it('does not settle the asks of a plugin that failed to load', async () => {
    const project = await serve({ files: { 'plugins/broken.ts': 'export default {{{' } });
    expect(await bash(project, 'touch unknown.made')).toMatchObject({ errorCode: 'PERMISSION_DENIED' });
    expect(existsSync(path.join(project.root, 'unknown.made'))).toBe(false);
  });

  it('still allows an ordinary ask', async () => {
    const project = await serve();
    expect(await bash(project, 'touch ordinary.made')).toMatchObject({ decision: { behavior: 'allow' } });
    expect(existsSync(path.join(project.root, 'ordinary.made'))).toBe(true);
  });
});
