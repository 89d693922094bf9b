/** The vocabulary of project instructions: the files read and what was skipped. Types only. */
import type { InstructionScope } from './instruction-candidates.ts';

/** One instruction file in use, in the order it joins the system prompt. */
export interface InstructionFile {
  /** Absolute, as found (a symlink keeps its own path). */
  path: string;
  /** `user` for `~/.codev/` and what its files include, `project` for the project root and what its files include. */
  scope: InstructionScope;
  /** The file whose `@path` brought it in; absent for a CODEV.md, AGENTS.md or CLAUDE.md itself. */
  includedFrom?: string;
  /** Its size in bytes. */
  bytes: number;
  text: string;
  /** Its includes that were refused, each as `@path: why` (`@.env: refused by Read(.env)`), noted after its text. */
  omitted?: string[];
}

/**
 * A file that exists (or is included) but is not used, and why: `INSTRUCTIONS_SKIPPED` when too large,
 * unreadable, missing, outside or too deep; `INSTRUCTIONS_REFUSED` when the Read decision refused it (a Read
 * deny or ask rule, a hard link to a denied file, a link out of the project).
 */
export interface InstructionsWarning {
  code: 'INSTRUCTIONS_SKIPPED' | 'INSTRUCTIONS_REFUSED';
  path: string;
  reason: string;
  /** The rule that refused it, as written (`Read(.env)`), when one did. */
  rule?: string;
  /** One line for a person: the path and the reason. */
  message: string;
}

/** The instructions read in one pass. */
export interface LoadedInstructions {
  files: InstructionFile[];
  warnings: InstructionsWarning[];
  /** Every path looked at (present or not, includes too) and its version then: a change to any means reading again. */
  watched: { path: string; version: string }[];
}
