import type { PermissionRule } from '../types.ts';
import { commandRuleIndex, findCandidate, type CommandRuleIndex } from './command-rule-index.ts';
import { findPossibleMatch } from './find-possible-match.ts';
import { compileCommandPattern, matchCompiledPattern } from './match-command-pattern.ts';
import { restrictiveForms } from '../rules/unicode-forms.ts';
import { SAFE_ENVIRONMENT_VARIABLES } from './safe-environment-variables.ts';
import { splitCommandBestEffort } from './split-command-best-effort.ts';
import type { ShellAnalysis, SimpleCommand } from './types.ts';
import { WRAPPER_COMMANDS, commandBaseName } from './wrapper-commands.ts';

/**
 * A deny or ask rule that matched, and the subcommand (or whole command) it matched. `certain: false` when
 * the rule could match code the analysis cannot read (`reason` says what), which must never be let through.
 */
export interface CommandRuleMatch {
  rule: PermissionRule;
  part: string;
  certain: boolean;
  reason?: string;
}

/** The allow rules that together cover a command: `rules[i]` allowed `parts[i]`. */
export interface CommandRulesCoverage {
  rules: PermissionRule[];
  parts: string[];
}

export interface MatchCommandRulesOptions {
  analysis: ShellAnalysis;
  /** The command as the model wrote it. */
  command: string;
  /** `Bash(...)` rules with content; a rule without content is skipped (the engine handles whole-tool rules). */
  rules: readonly PermissionRule[];
}

const IFS = /\$\{?IFS\}?/g;
/** Stands for what xargs appends: only a pattern accepting any trailing arguments (`rm *`) matches it. */
const APPENDED_ARGUMENTS = ' \u2026';

/**
 * Matches Bash content rules against an analyzed command, failing closed.
 *
 * - **deny / ask**: the first rule matching any part: a simple command's `text`, its text with the leading
 *   assignments kept, its `rawArgv` (wrappers kept), the same with `/usr/bin/rm` shortened to `rm` or with
 *   `$IFS` read as a space, or the whole command string. When the analysis failed, the parts are a
 *   deliberately over-split guess ({@link splitCommandBestEffort}), so an unparseable command is never less
 *   denied than a clean one. Texts with non-ASCII characters are also compared in NFC and NFKC. When no rule matches for certain, a rule that *could* match is returned with
 *   `certain: false` (see {@link findPossibleMatch}).
 * - **allow**: only for an `ok` analysis with at least one command, none `dynamic` or `opaque`, each matched by some
 *   rule, except shell-option builtins that change nothing a rule cares about (`set -euo pipefail`,
 *   `shopt -s nullglob`). Leading assignments must be harmless ({@link SAFE_ENVIRONMENT_VARIABLES}) unless the rule spells
 *   them out; behind `sudo`/`doas` the rule must name the wrapper (`Bash(sudo apt update)`).
 *
 * Returns a {@link CommandRulesCoverage} for allow, a {@link CommandRuleMatch} for deny and ask, or undefined.
 * Redirect targets are not checked here: `analysis.writes` are file writes the engine checks against Edit
 * rules and the working directories.
 */
export function matchCommandRules(options: MatchCommandRulesOptions & { behavior: 'allow' | 'deny' | 'ask' }): CommandRuleMatch | CommandRulesCoverage | undefined {
  const index = commandRuleIndex(options.rules);
  return options.behavior === 'allow' ? coverAll(options.analysis, index) : findAny(options, index);
}

/** Each rule is only tried on the parts whose first word it can match (see {@link commandRuleIndex}). */
function findAny(options: MatchCommandRulesOptions, index: CommandRuleIndex): CommandRuleMatch | undefined {
  const parts = restrictivePartsOf(options.analysis, options.command);
  const position = findCandidate(index, parts, (candidate) => parts.some((part) => matchCompiledPattern(index.patterns[candidate]!, part)));
  if (position !== undefined) {
    const pattern = index.patterns[position]!;
    return { rule: index.rules[position]!, part: parts.find((part) => matchCompiledPattern(pattern, part))!, certain: true };
  }
  return findInOtherForms(index, parts) ?? (index.rules.length > 0 ? findPossibleMatch(options.analysis, index) : undefined);
}

/**
 * A deny or ask rule that matches a part once both are in the same Unicode form (`Bash(cat café.txt)`
 * written composed, the command decomposed): the file system keeps the two names apart, but the rule
 * meant both. Only texts with a non-ASCII character are tried again.
 */
function findInOtherForms(index: CommandRuleIndex, parts: readonly string[]): CommandRuleMatch | undefined {
  const command = parts.join('\u0000');
  for (const rule of index.rules) {
    for (const texts of restrictiveForms({ pattern: rule.value.ruleContent!, command })) {
      const pattern = compileCommandPattern(texts.pattern);
      const part = texts.command.split('\u0000').find((candidate) => matchCompiledPattern(pattern, candidate));
      if (part !== undefined) return { rule, part, certain: true };
    }
  }
  return undefined;
}

function coverAll(analysis: ShellAnalysis, index: CommandRuleIndex): CommandRulesCoverage | undefined {
  if (!analysis.ok || analysis.opaque || analysis.commands.length === 0) return undefined;
  const coverage: CommandRulesCoverage = { rules: [], parts: [] };
  for (const command of analysis.commands) {
    if (command.dynamic || command.opaque) return undefined;
    const harmless = command.assignments.every((assignment) => SAFE_ENVIRONMENT_VARIABLES.has(assignment.name));
    if (command.argv.length === 0 || isShellStateNoOp(command)) {
      if (harmless) continue;
      return undefined;
    }
    const parts = permissivePartsOf(command, harmless);
    const position = findCandidate(index, parts, (candidate) => parts.some((part) => matchCompiledPattern(index.patterns[candidate]!, part)));
    if (position === undefined) return undefined;
    coverage.rules.push(index.rules[position]!);
    coverage.parts.push(command.text);
  }
  return coverage.rules.length > 0 ? coverage : undefined;
}

/** The builtins that only set options of the shell (see `describeSet`), needing no rule of their own when they change nothing that matters. */
const SHELL_OPTION_BUILTINS = new Set(['set', 'shopt']);

/** `set -euo pipefail`, `shopt -s nullglob`: a builtin (no wrapper, no redirect) whose options change neither what runs nor which files a glob names. */
function isShellStateNoOp(command: SimpleCommand): boolean {
  return SHELL_OPTION_BUILTINS.has(command.rawArgv[0] ?? '') && command.wrappers.length === 0 && command.redirects.length === 0 && command.effects.readOnly && command.effects.files.length === 0;
}

const restrictiveCache = new WeakMap<ShellAnalysis, { command: string; parts: string[] }>();

/**
 * Every reading of every subcommand a deny or ask rule is tried on, then the whole command; empty texts
 * left out. Computed once per analysis (analyses are cached and never changed), not per rule list.
 */
function restrictivePartsOf(analysis: ShellAnalysis, command: string): string[] {
  const cached = restrictiveCache.get(analysis);
  if (cached?.command === command) return cached.parts;
  const parts = analysis.ok ? analysis.commands.flatMap(restrictiveParts) : splitCommandBestEffort(command);
  parts.push(command.trim());
  const kept = parts.filter((part) => part !== '');
  restrictiveCache.set(analysis, { command, parts: kept });
  return kept;
}

function restrictiveParts(command: SimpleCommand): string[] {
  const raw = command.rawArgv.join(' ');
  const parts = [command.text, raw, withAssignments(command, command.text), withAssignments(command, raw)];
  for (const argv of [command.argv, command.rawArgv]) {
    const name = argv[0];
    if (name?.includes('/')) parts.push([commandBaseName(name), ...argv.slice(1)].join(' '));
  }
  // `rm$IFS-rf /` word-splits into `rm -rf /`.
  if (command.dynamic) parts.push(command.text.replace(IFS, ' '));
  return [...new Set(parts)];
}

const permissiveCache = new WeakMap<SimpleCommand, string[]>();

/** The readings an allow rule must match (see {@link permissiveParts}), once per analyzed command. */
function permissivePartsOf(command: SimpleCommand, harmless: boolean): string[] {
  let parts = permissiveCache.get(command);
  if (!parts) permissiveCache.set(command, (parts = permissiveParts(command, harmless)));
  return parts;
}

function permissiveParts(command: SimpleCommand, harmless: boolean): string[] {
  const elevated = command.wrappers.some((wrapper) => WRAPPER_COMMANDS[wrapper]?.elevates);
  const text = (elevated ? command.rawArgv.join(' ') : command.text) + (command.appendedArguments ? APPENDED_ARGUMENTS : '');
  const parts = harmless ? [text] : [];
  if (command.assignments.length > 0) parts.push(withAssignments(command, text));
  return parts;
}

function withAssignments(command: SimpleCommand, text: string): string {
  const prefix = command.assignments.map((assignment) => `${assignment.name}=${assignment.value}`).join(' ');
  return prefix === '' ? text : `${prefix} ${text}`;
}
