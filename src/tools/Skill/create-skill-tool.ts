import path from 'node:path';
import { z } from 'zod';
import { DEFAULT_PLUGIN_DIR } from '../../config/config-schema.ts';
import type { CodevError } from '../../errors/codev-error.ts';
import type { ToolUseContext } from '../../execution/types.ts';
import type { SkillToolProgress } from '../../progress/types.ts';
import { discoverSkills, type SkillDirectory } from '../../skills/discover-skills.ts';
import { findSkillDirectories, PROJECT_SKILL_DIRECTORIES, type SkillLocations } from '../../skills/find-skill-directories.ts';
import { substituteArguments } from '../../skills/substitute-arguments.ts';
import type { Skill, SkillDiscovery } from '../../skills/types.ts';
import { buildBuiltinTool } from '../../tool/build-tool.ts';
import type { PromptOptions, Tool, ToolContext } from '../../tool/types.ts';
import { buildSkillPrompt, SKILL_DESCRIPTION } from './prompt.ts';

const inputSchema = z.strictObject({
  skill: z.string().min(1).describe('The skill name, from the available-skills list (e.g. "deploy")'),
  args: z.string().optional().describe('Optional arguments for the skill, as one string'),
});

/** The input of a Skill call. */
export type SkillInput = z.output<typeof inputSchema>;

/** What a Skill call returns. */
export interface SkillOutput {
  skill: string;
  /** The skill folder, absolute. */
  directory: string;
  file: string;
  /** The skill's `allowed-tools`: allowed without asking for the rest of the query (deny and ask rules still apply). */
  allowedTools: readonly string[];
  args: string;
  /** The SKILL.md body with arguments substituted. */
  content: string;
  /** The plugin folder the skill came from, when it came from one. */
  plugin?: string;
}

/**
 * Where the Skill tool finds skills. With none of these set, it searches the session's folders (see
 * `findSkillDirectories`): `skills/` and `.codev/skills/` under the cwd and the project root, then each
 * plugin folder's `skills/` and each `<pluginDir>/<name>/skills/`.
 */
export interface SkillToolOptions {
  /** Skill folders; relative ones are resolved against the session's cwd at call time. Default `skills`, `.codev/skills`. */
  directories?: readonly SkillDirectory[];
  /** Plugin folders (relative to the cwd, or absolute) whose `skills/` folders are searched too, after `directories`. */
  plugins?: readonly string[];
  /** A fixed list instead of discovery (no reload). */
  skills?: readonly Skill[];
}

/**
 * The Skill tool. Skills are re-read from disk at every `validateInput`, `call` and `prompt` (no cache),
 * so an edited, added or removed SKILL.md takes effect on the next call. Calls use the context's cwd,
 * project root and plugin folders; the prompt uses the ones its options carry, else the agent's project
 * root, `process.cwd()` and `<root>/plugins`.
 */
export function createSkillTool(options: SkillToolOptions = {}): Tool<SkillInput, SkillOutput, SkillToolProgress> {
  const explicit = options.directories !== undefined || options.plugins !== undefined;
  const load = async (locations: SkillLocations): Promise<SkillDiscovery> => {
    if (options.skills) return { skills: [...options.skills], errors: [] };
    return discoverSkills({ directories: explicit ? resolveDirectories(options, locations.cwd) : await findSkillDirectories(locations) });
  };

  return buildBuiltinTool<typeof inputSchema, SkillOutput, SkillToolProgress>({
    name: 'Skill',
    searchHint: 'run skill instructions SKILL.md slash command workflow',
    inputSchema,
    description: SKILL_DESCRIPTION,
    prompt: async (promptOptions) => buildSkillPrompt((await load(promptLocations(promptOptions))).skills),
    isReadOnly: () => true,
    isConcurrencySafe: () => true,
    getPermissionTargets: (input) => [{ kind: 'name', value: skillName(input.skill) }],
    toAutoClassifierInput: (input) => `${skillName(input.skill)}${input.args ? ` ${input.args}` : ''}`,
    getActivityDescription: (input) => `Loading skill ${input.skill ? skillName(input.skill) : ''}`.trim(),
    renderToolUseMessage: (input) => `${input.skill ? skillName(input.skill) : ''}${input.args ? ` ${input.args}` : ''}`,
    async validateInput(input, context) {
      const name = skillName(input.skill);
      const { skills, errors } = await load(contextLocations(context));
      const skill = skills.find((candidate) => candidate.name === name);
      if (skill?.disableModelInvocation) return { result: false, message: `Skill "${name}" can only be run by the user (disable-model-invocation).`, errorCode: 2 };
      if (skill) return { result: true };
      return { result: false, message: unknownSkillMessage({ name, skills, errors }), errorCode: 1 };
    },
    async call(input, context) {
      const name = skillName(input.skill);
      context.onProgress({ type: 'skill_progress', skill: name, message: `Loading skill ${name}` });
      const { skills } = await load(contextLocations(context));
      const skill = skills.find((candidate) => candidate.name === name && !candidate.disableModelInvocation);
      if (!skill) throw new Error(`Skill "${name}" is no longer available`);
      const args = (input.args ?? '').trim();
      const content = substituteArguments({ body: skill.body, args, skillDirectory: skill.directory, projectDirectory: context.cwd });
      context.onProgress({ type: 'skill_progress', skill: name, message: `Loaded skill ${name}` });
      const data: SkillOutput = { skill: name, directory: skill.directory, file: skill.file, allowedTools: skill.allowedTools, args, content };
      if (skill.plugin) data.plugin = skill.plugin;
      return { data, allowRulesForTurn: skill.allowedTools };
    },
    mapToolResultToToolResultBlockParam: (output, toolUseId) => ({ type: 'tool_result', tool_use_id: toolUseId, content: formatSkillResult(output) }),
    renderToolResultMessage: (output) => `Loaded skill ${output.skill}`,
  });
}

/** The text the model reads: the base directory, the instructions and the expected tools. */
export function formatSkillResult(output: SkillOutput): string {
  const parts = [`Base directory for this skill: ${output.directory}`, output.content.trim()];
  if (output.allowedTools.length > 0) {
    parts.push(`For the rest of this turn these tools run without asking, as the skill's allowed-tools say: ${output.allowedTools.join(', ')}. Deny and ask rules still apply.`);
  }
  return parts.join('\n\n');
}

/** A call's locations: the tool-use context's cwd, project root and plugin folders. */
function contextLocations(context: ToolContext): SkillLocations {
  const { projectRoot, pluginDirectories } = context as ToolContext & Partial<Pick<ToolUseContext, 'projectRoot' | 'pluginDirectories'>>;
  return { cwd: context.cwd, projectRoot, pluginDirectories };
}

/** A prompt's locations: its own fields when the caller set them, else the agent's project root and the default plugin folder. */
function promptLocations(options: PromptOptions): SkillLocations {
  const projectRoot = options.projectRoot ?? options.agent?.projectRoot;
  const cwd = options.cwd ?? process.cwd();
  return { cwd, projectRoot, pluginDirectories: options.pluginDirectories ?? [path.join(projectRoot ?? cwd, DEFAULT_PLUGIN_DIR)] };
}

function resolveDirectories(options: SkillToolOptions, cwd: string): SkillDirectory[] {
  const directories: SkillDirectory[] = (options.directories ?? PROJECT_SKILL_DIRECTORIES).map((entry) =>
    typeof entry === 'string' ? path.resolve(cwd, entry) : { ...entry, directory: path.resolve(cwd, entry.directory) },
  );
  for (const plugin of options.plugins ?? []) directories.push({ directory: path.resolve(cwd, plugin, 'skills'), plugin: path.resolve(cwd, plugin) });
  return directories;
}

/** The name as the model may write it: `/deploy` and ` deploy ` both mean `deploy`. */
function skillName(raw: string): string {
  return raw.trim().replace(/^\//, '');
}

function unknownSkillMessage(options: { name: string; skills: readonly Skill[]; errors: readonly CodevError[] }): string {
  const broken = options.errors.find((error) => error.file !== undefined && path.basename(path.dirname(error.file)) === options.name);
  if (broken) return `Skill "${options.name}" could not be loaded: ${broken.message}`;
  const known = options.skills.filter((skill) => !skill.disableModelInvocation).map((skill) => skill.name);
  return known.length === 0 ? `Unknown skill: ${options.name}. No skills are available.` : `Unknown skill: ${options.name}. Available skills: ${known.join(', ')}`;
}
