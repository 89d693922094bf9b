import path from 'node:path';
import { createKernel, type Kernel, type KernelOptions } from '../../kernel/create-kernel.ts';
import { findSkillDirectories } from '../../skills/find-skill-directories.ts';
import type { SkillDirectory } from '../../skills/discover-skills.ts';
import { getAllBaseTools } from '../../tools/get-all-base-tools.ts';
import { createSkillTool } from '../../tools/Skill/create-skill-tool.ts';
import type { FleetJobData } from '../job/fleet-job-data.ts';
import type { JobWorkspace } from '../workspace/types.ts';
import { createKernelView } from './create-kernel-view.ts';
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
 * With the worker's kernel cache (`scope.kernels`), a job that loads no checkout's project shares the loaded
 * project with the other jobs of the same script and permission settings, through a view with its own cwd
 * and session folder (see `createKernelView`, `createKernelCache`).
 */
export async function createJobKernel(options: { data: FleetJobData; script: string; workspace?: JobWorkspace; scope: JobRunScope }): Promise<JobKernel> {
  const { data, workspace, scope } = options;
  const project = path.dirname(options.script);
  // The script runs on the worker outside any sandbox for every later job: no job's model may change it or what it imports.
  const common = { env: scope.env, protectedFiles: [options.script], permissionMode: data.permissions.mode ?? (data.deferAsks ? 'default' : 'dontAsk'), allow: data.permissions.allow, deny: data.permissions.deny, ask: data.permissions.ask } as const;
  // A trusted checkout is the project itself, another one per job: nothing of it can be shared.
  if (workspace && isTrustedRepository({ repo: data.workspace!.repo, trusted: scope.trustedRepositories })) return { kernel: await createKernel({ ...common, baseTools: getAllBaseTools(), cwd: workspace.path }), trusted: true };
  const load = workspace ? () => createUntrustedKernel({ common, cwd: workspace.path, project }) : () => createKernel({ ...common, baseTools: getAllBaseTools(), cwd: project });
  if (!scope.kernels) return { kernel: await load(), trusted: !workspace };
  // Everything the kernel is made from but the checkout: the cwd is the job's own, given by the view.
  const key = JSON.stringify({ project, workspace: workspace !== undefined, script: options.script, mode: common.permissionMode, allow: common.allow, deny: common.deny, ask: common.ask });
  const lease = await scope.kernels.acquire({ key, projectDirectory: project, load });
  return { kernel: createKernelView({ kernel: lease.kernel, cwd: workspace?.path ?? project, release: lease.release }), trusted: !workspace };
}

/** The project of the script with the tools in the checkout, whose own project is never loaded. */
async function createUntrustedKernel(options: { common: KernelOptions; cwd: string; project: string }): Promise<Kernel> {
  // The Skill tool's own search starts in the working directory: this one searches the operator's folders only.
  const skillDirectories: SkillDirectory[] = [];
  const skillTool = createSkillTool({ directories: skillDirectories });
  const baseTools = getAllBaseTools().map((tool) => (tool.name === skillTool.name ? skillTool : tool));
  const kernel = await createKernel({ ...options.common, baseTools, cwd: options.cwd, projectDirectory: options.project });
  skillDirectories.push(...(await findSkillDirectories({ cwd: kernel.root, pluginDirectories: kernel.generation.pluginDirectories })));
  return kernel;
}
