import { existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { metaOf, serveTestProject, type ServedProject } from '../../src/mcp-server/test-fixtures/serve-test-project.ts';

// A skill's allowed-tools are allowed without asking "for the rest of the query that ran the skill" (an agent drops
// them when its next query starts). An MCP session has no queries: a grant kept in the session's context would allow
// those calls for as long as the client stays connected, hours, and after a reload took the grant out of the skill
// (or the skill away). Each tools/call is a query of its own: the grants of a Skill call end with it.

const served: ServedProject[] = [];
afterEach(async () => {
  await Promise.all(served.splice(0).map((project) => project.cleanup()));
});

const SKILL = '---\ndescription: Make things\nallowed-tools: Bash(touch *)\n---\nRun touch.\n';

it("a Skill call's allowed-tools do not allow the session's later calls", { timeout: 60_000 }, async () => {
  const project = await serveTestProject({ files: { 'skills/make/SKILL.md': SKILL }, kernel: { env: { CODEV_SANDBOX: '0' } } });
  served.push(project);
  const { client } = await project.connect();
  const skill = await client.callTool({ name: 'Skill', arguments: { skill: 'make' } });
  expect(skill.isError).toBeFalsy();
  // The skill is taken away: nothing grants the touch any more.
  writeFileSync(path.join(project.root, 'skills/make/SKILL.md'), '---\ndescription: Make nothing\n---\nNothing.\n');
  await project.test.kernel.reload();
  const touch = await client.callTool({ name: 'Bash', arguments: { command: 'touch granted.made' } });
  expect(metaOf(touch).decision, JSON.stringify(metaOf(touch).decision)).toMatchObject({ behavior: 'deny' });
  expect(existsSync(path.join(project.root, 'granted.made'))).toBe(false);
});
