import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createTestContext } from '../../testing/create-test-context.ts';
import { resultText, runTool } from '../../testing/run-tool.ts';
import { createSkillTool, skillTool } from './index.ts';

function project(): { cwd: string; write: (folder: string, text: string, base?: string) => string } {
  const cwd = mkdtempSync(path.join(os.tmpdir(), 'codev-skill-tool-'));
  const write = (folder: string, text: string, base = 'skills') => {
    const file = path.join(cwd, base, folder, 'SKILL.md');
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, text);
    return file;
  };
  return { cwd, write };
}

const DEPLOY = '---\ndescription: Deploy the app to an environment\nallowed-tools: Bash(./deploy.sh *), Read\n---\nDeploy to $1 with ${CODEV_SKILL_DIR}/deploy.sh (all: $ARGUMENTS)\n';

describe('Skill tool', () => {
  it('returns the body with arguments substituted and the allowed tools noted, re-reading SKILL.md at each call', async () => {
    const { cwd, write } = project();
    const file = write('deploy', DEPLOY);
    const context = createTestContext({ tools: [skillTool], cwd });

    const first = await runTool({ name: 'Skill', input: { skill: 'deploy', args: 'staging "dry run"' }, context });
    expect(first.result.status).toBe('ok');
    const text = resultText(first.result);
    expect(text).toContain(`Base directory for this skill: ${path.join(cwd, 'skills', 'deploy')}`);
    expect(text).toContain(`Deploy to staging with ${path.join(cwd, 'skills', 'deploy')}/deploy.sh (all: staging "dry run")`);
    expect(text).toContain("For the rest of this turn these tools run without asking, as the skill's allowed-tools say: Bash(./deploy.sh *), Read.");
    expect(first.result.output).toMatchObject({ skill: 'deploy', allowedTools: ['Bash(./deploy.sh *)', 'Read'], args: 'staging "dry run"' });

    writeFileSync(file, '---\ndescription: Deploy v2\n---\nVersion two for $1\n');
    const second = await runTool({ name: 'Skill', input: { skill: '/deploy', args: 'prod' }, context });
    expect(second.result.status).toBe('ok');
    expect(resultText(second.result)).toContain('Version two for prod');
    expect(resultText(second.result)).not.toContain('allowed-tools');
  });

  it('finds skills in .codev/skills too, and new skills without a restart', async () => {
    const { cwd, write } = project();
    const context = createTestContext({ tools: [skillTool], cwd });
    expect((await runTool({ name: 'Skill', input: { skill: 'lint' }, context })).result.status).toBe('invalid-input');
    write('lint', '---\ndescription: Lint\n---\nRun the linter.\n', '.codev/skills');
    const { result } = await runTool({ name: 'Skill', input: { skill: 'lint' }, context });
    expect(result.status).toBe('ok');
    expect(resultText(result)).toContain('Run the linter.');
  });

  it('rejects an unknown skill in validateInput, listing the known ones', async () => {
    const { cwd, write } = project();
    write('deploy', DEPLOY);
    write('review', '---\ndescription: Review\n---\nReview.\n');
    write('secret', '---\ndescription: User only\ndisable-model-invocation: true\n---\nx\n');
    const context = createTestContext({ tools: [skillTool], cwd });
    const { result } = await runTool({ name: 'Skill', input: { skill: 'deplyo' }, context });
    expect(result.status).toBe('invalid-input');
    expect(resultText(result)).toContain('Unknown skill: deplyo. Available skills: deploy, review');
    const hidden = await runTool({ name: 'Skill', input: { skill: 'secret' }, context });
    expect(hidden.result.status).toBe('invalid-input');
    expect(resultText(hidden.result)).toContain('disable-model-invocation');
  });

  it('says why a broken skill cannot be loaded', async () => {
    const { cwd, write } = project();
    const file = write('broken', '---\nname: broken\n---\nx\n');
    const { result } = await runTool({ name: 'Skill', input: { skill: 'broken' }, context: createTestContext({ tools: [skillTool], cwd }) });
    expect(result.status).toBe('invalid-input');
    expect(resultText(result)).toContain(file);
    expect(resultText(result)).toContain('"description" is required');
  });

  it('is blocked by a Skill(deploy*) deny rule and allows other skills', async () => {
    const { cwd, write } = project();
    write('deploy', DEPLOY);
    write('deploy-prod', '---\ndescription: Deploy prod\n---\nx\n');
    write('review', '---\ndescription: Review\n---\nReview.\n');
    const context = createTestContext({ tools: [skillTool], cwd, deny: ['Skill(deploy*)'] });
    for (const skill of ['deploy', 'deploy-prod']) {
      const { result } = await runTool({ name: 'Skill', input: { skill }, context });
      expect(result.status, skill).toBe('denied');
      expect(result.decision?.rule, skill).toBe('Skill(deploy*)');
    }
    expect((await runTool({ name: 'Skill', input: { skill: 'review' }, context })).result.status).toBe('ok');
    const spaced = createTestContext({ tools: [skillTool], cwd, deny: ['Skill(deploy *)'] });
    expect((await runTool({ name: 'Skill', input: { skill: 'deploy', args: 'prod' }, context: spaced })).result.status).toBe('denied');
    expect((await runTool({ name: 'Skill', input: { skill: 'deploy-prod' }, context: spaced })).result.status).toBe('ok');
  });

  it('reports skill_progress', async () => {
    const { cwd, write } = project();
    write('deploy', DEPLOY);
    const { progress } = await runTool({ name: 'Skill', input: { skill: 'deploy' }, context: createTestContext({ tools: [skillTool], cwd }) });
    expect(progress.map((update) => update.progress)).toEqual([
      { type: 'skill_progress', skill: 'deploy', message: 'Loading skill deploy' },
      { type: 'skill_progress', skill: 'deploy', message: 'Loaded skill deploy' },
    ]);
  });

  it('lists the available skills in its prompt, and searches plugin skills folders', async () => {
    const { cwd, write } = project();
    write('deploy', '---\ndescription: Deploy the app\nargument-hint: <env>\n---\nx\n');
    write('secret', '---\ndescription: User only\ndisable-model-invocation: true\n---\nx\n');
    write('shout', '---\ndescription: Shout a message\n---\n$ARGUMENTS!\n', 'plugins/loud/skills');
    const tool = createSkillTool({ directories: [path.join(cwd, 'skills')], plugins: [path.join(cwd, 'plugins/loud')] });
    const prompt = await tool.prompt({ permissionContext: createTestContext().permissionContext, tools: [] });
    expect(prompt).toContain('- deploy <env>: Deploy the app');
    expect(prompt).toContain('- shout: Shout a message');
    expect(prompt).not.toContain('secret');
    const { result } = await runTool({ name: 'Skill', input: { skill: 'shout', args: 'hi' }, context: createTestContext({ tools: [tool], cwd }) });
    expect(resultText(result)).toContain('hi!');
  });

  it('by default searches the project root and the plugin folders of the context, tagging plugin skills', async () => {
    const { cwd: root, write } = project();
    const cwd = path.join(root, 'app');
    write('deploy', '---\ndescription: Deploy from the root\n---\nDeploy.\n');
    write('lint', '---\ndescription: Shared lint\n---\nLint $ARGUMENTS.\n', 'plugins/skills');
    write('review', '---\ndescription: Kit review\n---\nReview.\n', 'plugins/kit/skills');
    writeFileSync(path.join(root, 'plugins/kit/index.ts'), 'export default {}');
    const context = Object.assign(createTestContext({ tools: [skillTool], cwd, pluginDirectories: [path.join(root, 'plugins')] }), { projectRoot: root });
    expect((await runTool({ name: 'Skill', input: { skill: 'deploy' }, context })).result.status).toBe('ok');
    const lint = await runTool({ name: 'Skill', input: { skill: 'lint', args: 'src' }, context });
    expect(resultText(lint.result)).toContain('Lint src.');
    expect(lint.result.output).toMatchObject({ skill: 'lint', plugin: path.join(root, 'plugins') });
    const review = await runTool({ name: 'Skill', input: { skill: 'review' }, context });
    expect(review.result.output).toMatchObject({ skill: 'review', plugin: path.join(root, 'plugins/kit'), directory: path.join(root, 'plugins/kit/skills/review') });
    // Without the context's plugin folders, plugin skills are unknown.
    const bare = createTestContext({ tools: [skillTool], cwd: root });
    expect(resultText((await runTool({ name: 'Skill', input: { skill: 'review' }, context: bare })).result)).toContain('Unknown skill: review. Available skills: deploy');

    // A prompt reads the fields the agent loop passes from its context, else the agent's project root and its plugins/ folder.
    const permissionContext = createTestContext().permissionContext;
    const fromAgent = await skillTool.prompt({ permissionContext, tools: [], agent: { projectRoot: root } as never });
    expect(fromAgent).toContain('- deploy: Deploy from the root');
    expect(fromAgent).toContain('- lint: Shared lint');
    expect(fromAgent).toContain('- review: Kit review');
    const fromFields = await skillTool.prompt({ permissionContext, tools: [], cwd: root, pluginDirectories: [] });
    expect(fromFields).toContain('- deploy: Deploy from the root');
    expect(fromFields).not.toContain('lint');
  });

  it('serves a fixed list of skills', async () => {
    const tool = createSkillTool({
      skills: [{ name: 'greet', description: 'Greet', allowedTools: [], disableModelInvocation: false, body: 'Hello $1', directory: '/x', file: '/x/SKILL.md', frontmatter: {} }],
    });
    expect(await tool.prompt({ permissionContext: createTestContext().permissionContext, tools: [] })).toContain('- greet: Greet');
    const { result } = await runTool({ name: 'Skill', input: { skill: 'greet', args: 'Ada' }, context: createTestContext({ tools: [tool] }) });
    expect(resultText(result)).toContain('Hello Ada');
  });
});
