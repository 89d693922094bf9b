import path from 'node:path';
import { createKernel, type Kernel } from '../../kernel/create-kernel.ts';
import { findSkillDirectories } from '../../skills/find-skill-directories.ts';
import type { SkillDirectory } from '../../skills/discover-skills.ts';
import { getAllBaseTools } from '../../tools/get-all-base-tools.ts';
import { createSkillTool } from '../../tools/Skill/create-skill-tool.ts';
import type { FleetJobData } from '../job/fleet-job-data.ts';
import type { JobWorkspace } from '../workspace/types.ts';
import { isTrustedRepository } from './is-trusted-repository.ts';
import type { JobRunScope } from './job-run-scope.ts';

/** A job's kernel, and whether its checkout's own project was loaded. */
export interface JobKernel {
  kernel: Kernel;
  /** False when the job has a workspace whose repository the worker does not trust: nothing of the checkout was loaded. */
  trusted: boolean;
}

/**
 * The kernel a job's agent runs on. The project loaded is the operator's: the one the agent script lives in
 * (its config, local settings, plugins, MCP servers, skills, agent types and instructions). The tools work in
 * the job's checkout when it has one, but the checkout's own project loads only when its repository is one
 * the operator trusts (`trustedRepositories`); otherwise a `codev.config.ts`, `plugins/`, `.mcp.json`,
 * `.codev/` or `skills/` the repository carries is never run or read as settings on the worker.
 */
export async function createJobKernel(options: { data: FleetJobData; script: string; workspace?: JobWorkspace; scope: JobRunScope }): Promise<JobKernel> {
  const { data, workspace, scope } = options;
  const project = path.dirname(options.script);
  // The script runs on the worker outside any sandbox for every later job: no job's model may change it or what it imports.
  const common = { env: scope.env, protectedFiles: [options.script], permissionMode: data.permissions.mode ?? (data.deferAsks ? 'default' : 'dontAsk'), allow: data.permissions.allow, deny: data.permissions.deny, ask: data.permissions.ask } as const;
  if (!workspace) return { kernel: await createKernel({ ...common, baseTools: getAllBaseTools(), cwd: project }), trusted: true };
  if (isTrustedRepository({ repo: data.workspace!.repo, trusted: scope.trustedRepositories })) return { kernel: await createKernel({ ...common, baseTools: getAllBaseTools(), cwd: workspace.path }), trusted: true };
  // The Skill tool's own search starts in the working directory: this one searches the operator's folders only.
  const skillDirectories: SkillDirectory[] = [];
  const skillTool = createSkillTool({ directories: skillDirectories });
  const baseTools = getAllBaseTools().map((tool) => (tool.name === skillTool.name ? skillTool : tool));
  const kernel = await createKernel({ ...common, baseTools, cwd: workspace.path, projectDirectory: project });
  skillDirectories.push(...(await findSkillDirectories({ cwd: kernel.root, pluginDirectories: kernel.generation.pluginDirectories })));
  return { kernel, trusted: false };
}
