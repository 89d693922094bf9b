import { z } from 'zod';
import { lazySchema } from '../tool/lazy-schema.ts';

/**
 * Which instruction files are read: by name (`codev` for CODEV.md, `agents` for AGENTS.md, `claude` for
 * CLAUDE.md) and by place (`user` for `~/.codev/`, `project` for the project root). Each defaults to true;
 * a file is read when both its name and its place are on.
 */
export interface InstructionSources {
  codev?: boolean;
  agents?: boolean;
  claude?: boolean;
  user?: boolean;
  project?: boolean;
}

/** `instructions` of the config and of `createAgent`: false reads none, true (or an object) reads the sources on. */
export type InstructionsSetting = boolean | { sources?: InstructionSources };

/** Type of {@link instructionsSettingSchema}, spelled out so the config's declared shape stays readable. */
export type InstructionsSettingSchema = z.ZodUnion<
  readonly [
    z.ZodBoolean,
    z.ZodObject<
      {
        sources: z.ZodOptional<
          z.ZodObject<{ codev: z.ZodOptional<z.ZodBoolean>; agents: z.ZodOptional<z.ZodBoolean>; claude: z.ZodOptional<z.ZodBoolean>; user: z.ZodOptional<z.ZodBoolean>; project: z.ZodOptional<z.ZodBoolean> }, z.core.$strict>
        >;
      },
      z.core.$strict
    >,
  ]
>;


/** `instructions: false | { sources: { codev?, agents?, claude?, user?, project? } }` (true: every source). */
export const instructionsSettingSchema: () => InstructionsSettingSchema = lazySchema(() => {
  const flag = z.boolean().optional();
  return z.union([z.boolean(), z.strictObject({ sources: z.strictObject({ codev: flag, agents: flag, claude: flag, user: flag, project: flag }).optional() })]);
});

/** The sources a setting turns on, every one filled in; undefined when the setting turns instructions off. */
export function resolveInstructionSources(setting: InstructionsSetting | undefined): Required<InstructionSources> | undefined {
  if (setting === false) return undefined;
  const sources = setting === true || setting === undefined ? {} : (setting.sources ?? {});
  return { codev: sources.codev ?? true, agents: sources.agents ?? true, claude: sources.claude ?? true, user: sources.user ?? true, project: sources.project ?? true };
}
