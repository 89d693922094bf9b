import { collectRules } from '../permissions/collect-rules.ts';
import type { Verdict } from '../permissions/evaluate-permission.ts';
import { coverPath } from '../permissions/match-rules.ts';
import { protectedPathReason, protectedPlacesOf, protectionContextOf } from '../permissions/protected-paths.ts';
import { matchesToolName } from '../permissions/rules/match-tool-name.ts';
import { matchCommandRules } from '../permissions/shell/match-command-rules.ts';
import type { ShellAnalysis, SimpleCommand } from '../permissions/shell/types.ts';
import type { PermissionDecisionReason, PermissionMode, PermissionRule } from '../permissions/types.ts';
import type { Tool } from '../tool/types.ts';
import { evaluateCall } from './decide-permission.ts';
import { revalidateInput } from './revalidate-input.ts';
import type { ToolUseContext } from './types.ts';

/** A rule as an explanation names it. */
export interface ExplainedRule {
  rule: string;
  source: string;
}

/** One simple command of a shell command, as the analysis sees it. */
export interface ExplainedCommand {
  /** What rule patterns match: the command after wrappers and assignments are stripped. */
  text: string;
  /** `top`, `command-substitution`, `process-substitution`, `shell-c` or `wrapper`. */
  origin: string;
  /** Whether codev has a description of the program. */
  known: boolean;
  /** Whether the program, with these words, only reads (redirects aside). */
  readOnly: boolean;
  reads: string[];
  writes: string[];
  /** Code in it no analysis can read, and why. */
  opaque?: string;
  /** The allow rule covering this command on its own, when one does. */
  allowedBy?: ExplainedRule;
  /** The deny or ask rule matching this command on its own, when one does. */
  deniedBy?: ExplainedRule & { behavior: 'deny' | 'ask' };
}

/** One path a call touches, with what the engine resolved it to. */
export interface ExplainedPath {
  path: string;
  access: 'read' | 'write';
  origin: string;
  lexical: string;
  real: string;
  recursive?: boolean;
  /** Why writing it always asks (a protected place), when it does. */
  protected?: string;
  /** The Read or Edit allow rule covering it, when one does. */
  allowedBy?: ExplainedRule;
}

/** How one call is analysed and decided, without running it. */
export interface PermissionExplanation {
  tool: string;
  input: Record<string, unknown>;
  mode: PermissionMode;
  /**
   * Set when the input fails the tool's schema (then nothing else is analysed and the decision is deny) or its
   * own validation, which may depend on the session (an Edit of a file not read yet): then it is analysed anyway.
   */
  inputError?: string;
  shell: { command: string; sandboxed: boolean; parsed: boolean; failure?: string; opaque?: string; redirects: { reads: string[]; writes: string[] }; commands: ExplainedCommand[] }[];
  paths: ExplainedPath[];
  urls: string[];
  names: string[];
  unresolvedReads: string[];
  unresolvedWrites: string[];
  /** The engine's verdict: allow, deny, or ask (`immune`: no mode, classifier or allow rule can settle it). */
  verdict: { behavior: 'allow' | 'deny' | 'ask'; immune?: boolean; message?: string; reason: string; rule?: ExplainedRule };
  /**
   * What happens with no one to ask: allow, deny, or ask (dontAsk mode turns an ask into a deny; otherwise
   * PermissionRequest hooks, the auto-mode classifier or a person answer it).
   */
  decision: 'allow' | 'deny' | 'ask';
}

/**
 * Explains one call with the engine's own code: the input validated as for a real call, the call prepared
 * and decided by `evaluateCall` (rules, rule functions, the tool's check, protected places, the mode), and
 * what went into it laid out: each shell command's parts with their reads, writes and the rule that covers
 * or matches each on its own; each path with its resolved forms. No hook runs and nothing is executed.
 */
export async function explainPermission(options: { tool: Tool; input: unknown; context: ToolUseContext }): Promise<PermissionExplanation> {
  const { tool, context } = options;
  const mode = context.permissionContext.mode;
  const parsed = tool.inputSchema.safeParse(options.input);
  if (!parsed.success) {
    const checked = await revalidateInput({ tool, input: options.input, context });
    const message = checked.ok ? 'the input does not match the tool schema' : checked.message;
    const input = (typeof options.input === 'object' && options.input !== null ? options.input : {}) as Record<string, unknown>;
    return { tool: tool.name, input, mode, inputError: message, shell: [], paths: [], urls: [], names: [], unresolvedReads: [], unresolvedWrites: [], verdict: { behavior: 'deny', message, reason: 'the input is invalid' }, decision: 'deny' };
  }
  // The tool's own validation may depend on the session (an Edit of a file not read yet): reported, not in the way.
  const checked = await revalidateInput({ tool, input: parsed.data, context });
  const refusal = checked.ok ? undefined : checked.message;
  const { call, verdict } = await evaluateCall({ tool, context, input: parsed.data as Record<string, unknown> });
  const rules = collectRules(context.permissionContext);
  const writes = call.paths.some((entry) => entry.access === 'write');
  const places = writes ? protectedPlacesOf(protectionContextOf(context)) : [];
  const commandRules = (list: readonly PermissionRule[]) => list.filter((rule) => rule.value.ruleContent !== undefined && matchesToolName(rule.value.toolName, tool, { ignoreCase: rule.value.ignoreCase }));
  const allowRules = commandRules(rules.allow);
  const restrictive = [...commandRules(rules.deny).map((rule) => ({ rule, behavior: 'deny' as const })), ...commandRules(rules.ask).map((rule) => ({ rule, behavior: 'ask' as const }))];
  return {
    tool: tool.name,
    input: call.input,
    mode,
    ...(refusal !== undefined && { inputError: refusal }),
    shell: call.commands.map(({ command, analysis, sandboxed }) => ({
      command,
      sandboxed,
      parsed: analysis.ok,
      ...(!analysis.ok && { failure: analysis.message }),
      ...(analysis.ok && analysis.opaque !== undefined && { opaque: analysis.opaque }),
      redirects: analysis.ok ? { reads: analysis.reads.map((redirect) => redirect.target), writes: analysis.writes.map((redirect) => redirect.target) } : { reads: [], writes: [] },
      commands: analysis.ok ? analysis.commands.map((part) => explainCommand(part, { allowRules, restrictive })) : [],
    })),
    paths: call.paths.map((entry) => {
      const reason = entry.access === 'write' ? [entry.variants.lexical, entry.variants.real].map((target) => protectedPathReason(target, places)).find(Boolean) : undefined;
      const allowedBy = coverPath(call, rules.allow, entry);
      return {
        path: entry.path,
        access: entry.access,
        origin: entry.origin,
        lexical: entry.variants.lexical,
        real: entry.variants.real,
        ...(entry.recursive && { recursive: true }),
        ...(reason && { protected: reason }),
        ...(allowedBy && { allowedBy: named(allowedBy) }),
      };
    }),
    urls: [...call.urls],
    names: [...call.names],
    unresolvedReads: [...call.unresolvedReads],
    unresolvedWrites: [...call.unresolvedWrites],
    verdict: explainVerdict(verdict),
    decision: verdict.behavior === 'ask' && mode === 'dontAsk' ? 'deny' : verdict.behavior,
  };
}

/** One simple command, and the rules that cover or match it alone (the real matchers, run on that part). */
function explainCommand(part: SimpleCommand, rules: { allowRules: readonly PermissionRule[]; restrictive: readonly { rule: PermissionRule; behavior: 'deny' | 'ask' }[] }): ExplainedCommand {
  const alone: ShellAnalysis = { ok: true, commands: [part], writes: [], reads: [], background: false };
  const coverage = rules.allowRules.length > 0 ? matchCommandRules({ analysis: alone, command: part.text, rules: rules.allowRules, behavior: 'allow' }) : undefined;
  const allowedBy = coverage && 'rules' in coverage ? coverage.rules[0] : undefined;
  let deniedBy: ExplainedCommand['deniedBy'];
  for (const behavior of ['deny', 'ask'] as const) {
    const list = rules.restrictive.filter((entry) => entry.behavior === behavior).map((entry) => entry.rule);
    const match = list.length > 0 ? matchCommandRules({ analysis: alone, command: part.text, rules: list, behavior }) : undefined;
    if (match && 'rule' in match && match.certain) {
      deniedBy = { ...named(match.rule), behavior };
      break;
    }
  }
  return {
    text: part.text,
    origin: part.origin,
    known: part.effects.known,
    readOnly: part.effects.readOnly,
    reads: part.effects.files.filter((file) => file.access === 'read').map((file) => file.word.value),
    writes: part.effects.files.filter((file) => file.access === 'write').map((file) => file.word.value),
    ...(part.opaque !== undefined ? { opaque: part.opaque } : part.effects.opaque !== undefined ? { opaque: part.effects.opaque } : {}),
    ...(allowedBy && { allowedBy: named(allowedBy) }),
    ...(deniedBy && { deniedBy }),
  };
}

function explainVerdict(verdict: Verdict): PermissionExplanation['verdict'] {
  return {
    behavior: verdict.behavior,
    ...(verdict.behavior === 'ask' && { immune: verdict.immune }),
    ...(verdict.behavior !== 'allow' && { message: verdict.message }),
    reason: describeReason(verdict.reason),
    ...(verdict.rule && { rule: named(verdict.rule) }),
  };
}

/** A decision reason in words. */
function describeReason(reason: PermissionDecisionReason): string {
  switch (reason.type) {
    case 'rule':
      return `the ${reason.rule.behavior} rule '${reason.rule.text}' from ${reason.rule.source} settings`;
    case 'mode':
      return `the permission mode (${reason.mode})`;
    case 'hook':
      return `the hook '${reason.hookName}'${reason.reason ? `: ${reason.reason}` : ''}`;
    case 'ruleFunction':
      return `the rule function '${reason.name}'`;
    case 'classifier':
      return `the classifier '${reason.classifier}': ${reason.reason}`;
    case 'subcommandResults':
      return `its parts: ${reason.parts.join(', ')}`;
    case 'workingDirectory':
      return `the working-directory policy (${reason.path})`;
    case 'unloadedSource':
      return `sources that failed to load: ${reason.sources.map((source) => source.file).join(', ')}`;
    case 'user':
      return 'the user';
    case 'safetyCheck':
    case 'tool':
    case 'other':
      return reason.reason;
  }
}

function named(rule: PermissionRule): ExplainedRule {
  return { rule: rule.text, source: rule.source };
}
