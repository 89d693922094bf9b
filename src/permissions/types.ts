/** The permission vocabulary: modes, rule sources, rule values, results and decisions. Types only. */

import type { PermissionMode } from '../tool/permission-mode.ts';

export type { PermissionMode };

export const PERMISSION_MODES: readonly PermissionMode[] = [
  'default',
  'acceptEdits',
  'bypassPermissions',
  'plan',
  'auto',
  'dontAsk',
];

/**
 * Where a rule came from, most authoritative first. `skill`: a skill's `allowed-tools`, granted for the
 * rest of the query (turn) that ran the skill.
 */
export type PermissionRuleSource = 'policy' | 'user' | 'project' | 'local' | 'cliArg' | 'session' | 'skill' | 'plugin';

export const PERMISSION_RULE_SOURCES: readonly PermissionRuleSource[] = [
  'policy',
  'user',
  'project',
  'local',
  'cliArg',
  'session',
  'skill',
  'plugin',
];

export type PermissionBehavior = 'allow' | 'deny' | 'ask';

/** Rule strings keyed by source, e.g. `{ project: ['Bash(npm test)'] }`. */
export type RulesBySource = Partial<Record<PermissionRuleSource, readonly string[]>>;

/** Everything the engine needs to decide a call, besides the call itself. */
export interface ToolPermissionContext {
  mode: PermissionMode;
  alwaysAllowRules: RulesBySource;
  alwaysDenyRules: RulesBySource;
  alwaysAskRules: RulesBySource;
  /** Directories besides `cwd` that count as working directories. Absolute. */
  additionalWorkingDirectories: readonly string[];
}

/** A parsed rule string: `Bash(npm test:*)` → `{ toolName: 'Bash', ruleContent: 'npm test:*' }`. */
export interface PermissionRuleValue {
  toolName: string;
  /** The text inside the parentheses, unescaped. Absent for a whole-tool rule. */
  ruleContent?: string;
  /** The tool name is compared ignoring case: set on deny and ask rules naming an MCP server or tool (see `collectRules`). */
  ignoreCase?: boolean;
}

/** A rule as the engine holds it: parsed, with its behaviour and source. */
export interface PermissionRule {
  source: PermissionRuleSource;
  behavior: PermissionBehavior;
  value: PermissionRuleValue;
  /** The rule string exactly as written. */
  text: string;
  /** The directory relative rule paths (`/path`) are anchored to. Defaults to the cwd. */
  root?: string;
}

/** Why a decision came out as it did. */
export type PermissionDecisionReason =
  | { type: 'rule'; rule: PermissionRule }
  | { type: 'mode'; mode: PermissionMode }
  | { type: 'hook'; hookName: string; reason?: string }
  | { type: 'ruleFunction'; name: string }
  | { type: 'classifier'; classifier: string; reason: string }
  | { type: 'subcommandResults'; parts: readonly string[] }
  | { type: 'safetyCheck'; reason: string }
  | { type: 'workingDirectory'; path: string }
  | { type: 'user'; permanent: boolean; feedback?: string }
  | { type: 'tool'; reason: string }
  /** A plugin or settings file never loaded, so its deny and ask rules are unknown: every call asks. */
  | { type: 'unloadedSource'; sources: readonly UnloadedSource[] }
  | { type: 'other'; reason: string };

/** A source of rules that could not be loaded: which file, and the fix its load error suggests. */
export interface UnloadedSource {
  kind: 'plugin' | 'settings';
  file: string;
  hint?: string;
}

/** What the user (or `canUseTool`) may choose to persist: a set of rules and where to keep them. */
export interface PermissionUpdate {
  type: 'addRules';
  behavior: PermissionBehavior;
  rules: readonly string[];
  destination: 'local' | 'session';
}

/** The answer of a permission check. `passthrough` means "no opinion: let the mode decide". */
export type PermissionResult<Input = Record<string, unknown>> =
  | { behavior: 'allow'; updatedInput?: Input; decisionReason?: PermissionDecisionReason }
  | { behavior: 'deny'; message: string; decisionReason?: PermissionDecisionReason }
  | {
      behavior: 'ask';
      message: string;
      decisionReason?: PermissionDecisionReason;
      suggestions?: readonly PermissionUpdate[];
    }
  | {
      behavior: 'passthrough';
      message?: string;
      decisionReason?: PermissionDecisionReason;
      suggestions?: readonly PermissionUpdate[];
    };

/** The telemetry vocabulary for who decided (`claude_code.tool_decision` `source`). */
export type DecisionSource = 'config' | 'hook' | 'user_temporary' | 'user_permanent' | 'user_reject' | 'user_abort';

/** The final decision of the permission stage, as reported in results, telemetry and `codev tool --json`. */
export interface PermissionDecision<Input = Record<string, unknown>> {
  behavior: 'allow' | 'deny';
  source: DecisionSource;
  /** The rule string that decided, when one did. */
  rule?: string;
  ruleSource?: PermissionRuleSource;
  reason?: PermissionDecisionReason;
  /** For a deny: the message the model reads. */
  message?: string;
  /** The input to call the tool with (a prompt or hook may have rewritten it). */
  input: Input;
  /** True when the user (or canUseTool) asked to stop the whole turn. */
  interrupt?: boolean;
}

/** What `canUseTool` answers for an `ask`. */
export type CanUseToolResult =
  | {
      behavior: 'allow';
      /** A replacement input; validated again and checked against deny and ask rules again. */
      updatedInput?: Record<string, unknown>;
      /** Rules to persist (the user chose "always allow"). Makes the source `user_permanent`. */
      updatedPermissions?: readonly PermissionUpdate[];
    }
  | {
      behavior: 'deny';
      message?: string;
      interrupt?: boolean;
      /**
       * Nobody was asked: the callback answers for a setting with no one to ask (no terminal, a script's
       * fixed policy). The decision's source is then `config`, not `user_reject`, and `message` reaches the
       * model as is, not as the user's words.
       */
      unattended?: boolean;
    }
  | {
      /**
       * Neither now: nobody can answer at the moment (CI, a web backend, a queue). An agent ends its query
       * with reason `deferred` and keeps the call in its session, to run or refuse when it is resumed with
       * the answers (`agent.resume({ approvals })`). Outside an agent (`runToolUse` alone) it is a denial.
       */
      behavior: 'defer';
      /** Why, for whoever answers later. */
      message?: string;
    };

/** Details passed to `canUseTool` alongside the tool and input. */
export interface CanUseToolOptions {
  toolUseId: string;
  signal: AbortSignal;
  /** Why the engine asks, in words for the user. */
  message: string;
  decisionReason?: PermissionDecisionReason;
  /** The "always allow" choices to offer. */
  suggestions: readonly PermissionUpdate[];
  /**
   * An ask no mode settles (an ask rule, a deny rule that cannot be checked, a protected place, a hook's or
   * rule function's ask, rules unknown): only someone who saw it may allow it, never a blanket answer.
   */
  immune?: boolean;
}

/** Answers permission asks: an interactive prompt, a script's callback, or a policy. */
export type CanUseTool = (
  tool: { name: string; userFacingName: string },
  input: Record<string, unknown>,
  options: CanUseToolOptions,
) => Promise<CanUseToolResult> | CanUseToolResult;

/** The auto-mode classifier: given a call's compact description, allow or deny it. */
export interface PermissionClassifier {
  name: string;
  classify(request: {
    toolName: string;
    input: Record<string, unknown>;
    /** The tool's `toAutoClassifierInput(input)`. Empty means "nothing to classify". */
    summary: string;
    signal: AbortSignal;
  }): Promise<{ behavior: 'allow' | 'deny'; reason: string }>;
}

/** What a permission-rule function plugin answers. `undefined` means no opinion. */
export type RuleFunctionAnswer = 'allow' | 'deny' | 'ask' | undefined;
