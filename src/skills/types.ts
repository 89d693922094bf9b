/** The skill vocabulary: a parsed SKILL.md and what discovery returns. Types only. */
import type { CodevError } from '../errors/codev-error.ts';

/** A frontmatter value: a scalar string, a boolean, a list of strings, or a one-level map of strings. */
export type FrontmatterValue = string | boolean | readonly string[] | Readonly<Record<string, string>>;

/** A skill: a folder with a `SKILL.md` whose frontmatter names and describes it. */
export interface Skill {
  /** The name the model passes to the Skill tool and `Skill(name)` rules match. Defaults to the folder name. */
  readonly name: string;
  /** What the skill does and when to use it. Required. */
  readonly description: string;
  /** `when_to_use`, appended to the description in the listing. */
  readonly whenToUse?: string;
  /** `argument-hint`, e.g. `<environment> [--dry-run]`. */
  readonly argumentHint?: string;
  /** `allowed-tools`: rules allowed without asking for the rest of the query that runs the skill (deny and ask rules still apply). */
  readonly allowedTools: readonly string[];
  /** `disable-model-invocation: true`: hidden from the listing and refused by the Skill tool. */
  readonly disableModelInvocation: boolean;
  /** The markdown after the frontmatter, before argument substitution. */
  readonly body: string;
  /** The skill folder, absolute (`${CODEV_SKILL_DIR}`). */
  readonly directory: string;
  /** The SKILL.md file, absolute. */
  readonly file: string;
  /** The plugin folder the skill came from, when it came from one. */
  readonly plugin?: string;
  /** Every frontmatter key as parsed, including ones codev does not interpret. */
  readonly frontmatter: Readonly<Record<string, FrontmatterValue>>;
}

/** What `discoverSkills` returns: the skills found, and one error value per skill that could not be read. */
export interface SkillDiscovery {
  skills: Skill[];
  errors: CodevError[];
}
