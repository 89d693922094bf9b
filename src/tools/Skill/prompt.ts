import { PROJECT_SKILL_DIRECTORIES } from '../../skills/find-skill-directories.ts';
import type { Skill } from '../../skills/types.ts';

/** The folders searched when none are given, relative to the working directory (and the project root). */
export const DEFAULT_SKILL_DIRECTORIES = PROJECT_SKILL_DIRECTORIES;

/** The listing's size budget in characters; skills past it are counted, not listed. */
export const SKILL_LISTING_BUDGET_CHARS = 8_000;

/** A listed description's length at most (description and when_to_use together). */
export const MAX_LISTED_DESCRIPTION_CHARS = 1_536;

export const SKILL_DESCRIPTION = 'Run a skill: load its instructions (SKILL.md) with the given arguments';

const INTRO = `Execute a skill within the main conversation.

Skills are folders of instructions (a SKILL.md) for specialised tasks. When a task matches a skill's description, call this tool with the skill's name before doing the task yourself; the result is the skill's instructions, which you then follow.
- skill: the name exactly as listed below (e.g. "deploy").
- args: optional arguments as one string, e.g. "staging --dry-run"; quote words that contain spaces.
- Only use skills listed below; do not guess names. Do not call a skill that is already running.
- A skill may list tools in allowed-tools; for the rest of this turn those run without asking (deny and ask rules still apply).`;

/** The Skill tool's prompt: how to use it, then the model-invocable skills (name, hint, description) within the budget. */
export function buildSkillPrompt(skills: readonly Skill[]): string {
  const listed = skills.filter((skill) => !skill.disableModelInvocation);
  if (listed.length === 0) return `${INTRO}\n\nNo skills are available right now.`;
  const lines: string[] = [];
  let used = 0;
  for (const skill of listed) {
    const line = listingLine(skill);
    if (used + line.length > SKILL_LISTING_BUDGET_CHARS) break;
    lines.push(line);
    used += line.length + 1;
  }
  const omitted = listed.length - lines.length;
  if (omitted > 0) lines.push(`(${omitted} more skill${omitted === 1 ? '' : 's'} not listed)`);
  return `${INTRO}\n\n<available_skills>\n${lines.join('\n')}\n</available_skills>`;
}

function listingLine(skill: Skill): string {
  const text = [skill.description, skill.whenToUse].filter(Boolean).join(' ').replace(/\s+/g, ' ');
  const clipped = text.length > MAX_LISTED_DESCRIPTION_CHARS ? `${text.slice(0, MAX_LISTED_DESCRIPTION_CHARS - 1)}…` : text;
  return `- ${skill.name}${skill.argumentHint ? ` ${skill.argumentHint}` : ''}: ${clipped}`;
}
