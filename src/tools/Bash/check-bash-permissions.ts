import { analyzeShellCommandCached } from '../../permissions/shell/analyze-shell-command-cached.ts';
import { analysisReadsOnly } from '../../permissions/shell/reads-only.ts';
import { resolveToolPath } from '../../permissions/rules/resolve-path-variants.ts';
import { resolveInDirectory } from '../../permissions/shell/directories.ts';
import type { ShellAnalysis } from '../../permissions/shell/types.ts';
import type { PermissionResult } from '../../permissions/types.ts';
import type { ToolContext } from '../../tool/types.ts';
import { configuredGitProgram } from './configured-git-programs.ts';
import { isTrustedRepository } from './is-trusted-repository.ts';
import { repositoryContentMatch } from './repository-content-match.ts';
import { sandboxChoice } from './resolve-isolation.ts';

/**
 * Bash's own permission check: running outside the sandbox (`dangerouslyDisableSandbox`) is its own
 * permission; a command whose programs only read is allowed (its redirects are file writes the engine
 * checks, and a `git` in it must run in a repository the model cannot have planted, whose configuration
 * starts no program: a textconv, filter, external diff, fsmonitor, pager), also when bubblewrap is missing;
 * anything else asks when bubblewrap is missing and otherwise passes to the rules. A git command printing
 * the index or history asks when the repository holds a path a Read deny or ask rule covers.
 */
export async function checkBashPermissions<Input extends { command: string; dangerouslyDisableSandbox?: boolean }>(input: Input, context: ToolContext): Promise<PermissionResult<Input>> {
  const isolation = sandboxChoice({ dangerouslyDisableSandbox: input.dangerouslyDisableSandbox });
  if (input.dangerouslyDisableSandbox && sandboxChoice({}).sandbox) {
    return { behavior: 'ask', message: `Run outside of the sandbox: ${input.command}`, decisionReason: { type: 'safetyCheck', reason: 'dangerouslyDisableSandbox' } };
  }
  const analysis = await analyzeShellCommandCached(input.command);
  // In the sandbox too: it hides the working file, not git's copies of it.
  const printed = await repositoryContentMatch(analysis, context);
  if (printed) return { behavior: 'ask', message: `${printed}: ${input.command}`, decisionReason: { type: 'safetyCheck', reason: printed } };
  if (analysisReadsOnly(analysis, { redirects: false }) && (await repositoriesTrusted(analysis, context))) {
    return { behavior: 'allow', updatedInput: input, decisionReason: { type: 'tool', reason: 'read-only command' } };
  }
  if (isolation.unavailable) {
    return { behavior: 'ask', message: `The sandbox is unavailable (${isolation.unavailable}); this command would run unsandboxed: ${input.command}`, decisionReason: { type: 'tool', reason: 'sandbox unavailable' } };
  }
  return { behavior: 'passthrough', message: `codev requested permission to run: ${input.command}` };
}

/**
 * Every repository a read-only `git` in the command runs in is trusted (see {@link isTrustedRepository})
 * and configured to run no program (see {@link configuredGitProgram}).
 */
async function repositoriesTrusted(analysis: ShellAnalysis, context: ToolContext): Promise<boolean> {
  if (!analysis.ok) return false;
  const workingDirectories = [context.cwd, ...context.permissionContext.additionalWorkingDirectories];
  for (const command of analysis.commands) {
    const repository = command.effects.repository;
    if (!repository) continue;
    if (command.directories === undefined) return false;
    for (const directory of command.directories) {
      const relative = resolveInDirectory(directory, repository.directory);
      if (relative === undefined || relative.startsWith('~')) return false;
      // `link/..` is beside the link's target, where git will run.
      const where = resolveToolPath({ path: relative, cwd: context.cwd });
      if (!(await isTrustedRepository(where, workingDirectories))) return false;
      if ((await configuredGitProgram(where, command.argv)) !== undefined) return false;
    }
  }
  return true;
}
