import path from 'node:path';
import { CodevError } from '../errors/codev-error.ts';
import { checkRuleLists } from '../permissions/check-rule-lists.ts';
import { BUILTIN_TOOL_NAMES } from '../permissions/rules/known-tool-names.ts';
import { frontmatterKeyLine as keyLine, parseFrontmatter, splitTopLevel } from './parse-frontmatter.ts';
import type { FrontmatterValue, Skill } from './types.ts';

/** The longest skill name accepted. */
export const MAX_SKILL_NAME_LENGTH = 64;

const SKILL_NAME = /^[A-Za-z0-9][A-Za-z0-9._:-]*$/;

/**
 * Parses the text of `<directory>/SKILL.md` into a Skill, or an error value (`SKILL_INVALID`) naming the
 * file, the line and the field. `name` defaults to the folder name; `description` is required;
 * `allowed-tools` is a list or a comma-separated string (`Bash(git *), Read`).
 */
export function parseSkillFile(options: { file: string; text: string; plugin?: string }): { skill: Skill } | { error: CodevError } {
  const { file, text } = options;
  const directory = path.dirname(file);
  const fail = (message: string, details: { line?: number; field?: string; hint?: string } = {}) => ({
    error: new CodevError('SKILL_INVALID', `Skill ${file}${details.line ? `:${details.line}` : ''}: ${message}`, { file, ...details }),
  });
  const parsed = parseFrontmatter(text);
  if (!parsed.ok) return fail(parsed.message, { line: parsed.line, hint: 'SKILL.md frontmatter is "key: value" lines between two "---" lines' });
  if (!parsed.present) return fail('no frontmatter', { line: 1, field: 'description', hint: 'start SKILL.md with "---", a "description: ..." line and "---"' });
  const { data } = parsed;
  const lineOf = (key: string) => keyLine(text, key);

  const name = data.name === undefined ? path.basename(directory) : data.name;
  if (typeof name !== 'string' || name.trim() === '') return fail('"name" must be a non-empty string', { line: lineOf('name'), field: 'name' });
  if (!SKILL_NAME.test(name.trim()) || name.trim().length > MAX_SKILL_NAME_LENGTH) {
    return fail(`invalid name "${name}"`, { line: lineOf('name'), field: 'name', hint: `use letters, digits, "-", "_", "." or ":", at most ${MAX_SKILL_NAME_LENGTH} characters` });
  }
  const description = data.description;
  if (description === undefined) return fail('"description" is required', { line: 1, field: 'description', hint: 'add "description: what the skill does and when to use it"' });
  if (typeof description !== 'string' || description.trim() === '') return fail('"description" must be a non-empty string', { line: lineOf('description'), field: 'description' });
  for (const key of ['when_to_use', 'argument-hint'] as const) {
    if (data[key] !== undefined && typeof data[key] !== 'string') return fail(`"${key}" must be a string`, { line: lineOf(key), field: key });
  }
  const allowedTools = toolList(data['allowed-tools']);
  if (allowedTools === undefined) return fail('"allowed-tools" must be a list or a comma-separated string', { line: lineOf('allowed-tools'), field: 'allowed-tools' });
  const wrongName = checkRuleLists({ lists: [{ behavior: 'allow', rules: allowedTools, field: 'allowed-tools', file }], knownNames: BUILTIN_TOOL_NAMES, complete: false }).errors[0];
  if (wrongName) return fail(wrongName.message, { line: lineOf('allowed-tools'), field: 'allowed-tools', hint: wrongName.hint });
  const disable = data['disable-model-invocation'] ?? false;
  if (typeof disable !== 'boolean') return fail('"disable-model-invocation" must be true or false', { line: lineOf('disable-model-invocation'), field: 'disable-model-invocation' });

  return {
    skill: Object.freeze({
      name: name.trim(),
      description: description.trim(),
      whenToUse: (data.when_to_use as string | undefined)?.trim() || undefined,
      argumentHint: (data['argument-hint'] as string | undefined)?.trim() || undefined,
      allowedTools: Object.freeze(allowedTools),
      disableModelInvocation: disable,
      body: parsed.body.replace(/^\s*\n/, ''),
      directory,
      file,
      plugin: options.plugin,
      frontmatter: Object.freeze(data),
    }),
  };
}

function toolList(value: FrontmatterValue | undefined): string[] | undefined {
  if (value === undefined) return [];
  if (typeof value === 'string') return splitTopLevel(value, /[,\s]/).map((item) => item.trim()).filter(Boolean);
  if (Array.isArray(value)) return value.map((item: string) => item.trim()).filter(Boolean);
  return undefined;
}
