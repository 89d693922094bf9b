import type { PermissionRule } from '../types.ts';
import { findPossibleMatch } from './find-possible-match.ts';
import { matchCommandPattern } from './match-command-pattern.ts';
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
 *   denied than a clean one. When no rule matches for certain, a rule that *could* match is returned with
 *   `certain: false` (see {@link findPossibleMatch}).
 * - **allow**: only for an `ok` analysis with at least one command, none `dynamic` or `opaque`, each matched by some
 *   rule. Leading assignments must be harmless ({@link SAFE_ENVIRONMENT_VARIABLES}) unless the rule spells
 *   them out; behind `sudo`/`doas` the rule must name the wrapper (`Bash(sudo apt update)`).
 *
 * Returns a {@link CommandRulesCoverage} for allow, a {@link CommandRuleMatch} for deny and ask, or undefined.
 * Redirect targets are not checked here: `analysis.writes` are file writes the engine checks against Edit
 * rules and the working directories.
 */
export function matchCommandRules(options: MatchCommandRulesOptions & { behavior: 'allow' | 'deny' | 'ask' }): CommandRuleMatch | CommandRulesCoverage | undefined {
  const rules = options.rules.filter((rule) => rule.value.ruleContent !== undefined);
  return options.behavior === 'allow' ? coverAll(options.analysis, rules) : findAny(options, rules);
}

function findAny(options: MatchCommandRulesOptions, rules: readonly PermissionRule[]): CommandRuleMatch | undefined {
  const { analysis, command } = options;
  const parts = analysis.ok ? analysis.commands.flatMap(restrictiveParts) : splitCommandBestEffort(command);
  parts.push(command.trim());
  for (const rule of rules) {
    const part = parts.find((candidate) => candidate !== '' && matchCommandPattern(rule.value.ruleContent!, candidate));
    if (part !== undefined) return { rule, part, certain: true };
  }
  return rules.length > 0 ? findPossibleMatch(analysis, rules) : undefined;
}

function coverAll(analysis: ShellAnalysis, rules: readonly PermissionRule[]): CommandRulesCoverage | undefined {
  if (!analysis.ok || analysis.opaque || analysis.commands.length === 0) return undefined;
  const coverage: CommandRulesCoverage = { rules: [], parts: [] };
  for (const command of analysis.commands) {
    if (command.dynamic || command.opaque) return undefined;
    const harmless = command.assignments.every((assignment) => SAFE_ENVIRONMENT_VARIABLES.has(assignment.name));
    if (command.argv.length === 0) {
      if (harmless) continue;
      return undefined;
    }
    const parts = permissiveParts(command, harmless);
    const rule = rules.find((candidate) => parts.some((part) => matchCommandPattern(candidate.value.ruleContent!, part)));
    if (!rule) return undefined;
    coverage.rules.push(rule);
    coverage.parts.push(command.text);
  }
  return coverage.rules.length > 0 ? coverage : undefined;
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
