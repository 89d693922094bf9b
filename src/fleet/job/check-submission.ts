import { existsSync } from 'node:fs';
import path from 'node:path';
import { CodevError, errorMessage } from '../../errors/codev-error.ts';
import { parsePermissionRule } from '../../permissions/rules/parse-rule.ts';
import { validateAllowRule } from '../../permissions/rules/match-tool-name.ts';
import { checkRuleContent } from '../../permissions/rules/check-rule-content.ts';
import { checkRuleToolName } from '../../permissions/rules/check-rule-tool-name.ts';
import { BUILTIN_TOOL_NAMES } from '../../permissions/rules/known-tool-names.ts';
import type { SubmitOptions } from '../types.ts';
import { isRemoteRepository } from '../workspace/resolve-repository.ts';
import { fleetJobDataSchema, type FleetJobData } from './fleet-job-data.ts';

/** The largest prompt a submit accepts unless told otherwise (`maxPromptBytes`), in bytes of UTF-8. */
export const MAX_PROMPT_BYTES = 1024 * 1024;
/**
 * The most a job's data may hold besides its prompt (script, workspace, rules…), in bytes of its JSON: every
 * job of a submit carries them, so 10,000 prompts with a 1 MB rule would store 10 GB.
 */
export const MAX_JOB_SETTINGS_BYTES = 64 * 1024;

/**
 * The jobs a submit makes, one per prompt, checked before anything reaches Redis: the script exists, there is
 * a prompt, the limits are positive and every rule parses (a bad rule is refused here, where the person who
 * wrote it is, not on a worker hours later). `JOB_INVALID` naming the field and the fix.
 */
export function checkSubmission(options: SubmitOptions): FleetJobData[] {
  const cwd = options.cwd ?? process.cwd();
  const script = path.resolve(cwd, options.script ?? '');
  if (!options.script || !existsSync(script)) throw invalid('script', `No agent script at ${script}`, 'pass the path of an agent script (export default defineAgent({...}))');
  const prompts = options.prompts ?? (options.prompt === undefined ? [] : [options.prompt]);
  if (options.prompt !== undefined && options.prompts !== undefined) throw invalid('prompts', 'Both prompt and prompts were given', 'pass one prompt, or a list as prompts');
  if (prompts.length === 0) throw invalid('prompt', 'No prompt to run', 'pass prompt: "..." or prompts: [...]');
  const empty = prompts.findIndex((prompt) => typeof prompt !== 'string' || prompt.trim() === '');
  if (empty >= 0) throw invalid(options.prompts ? `prompts[${empty}]` : 'prompt', 'A prompt is empty', 'every prompt needs some text');
  checkPromptSizes({ prompts, field: (index) => (options.prompts ? `prompts[${index}]` : 'prompt'), limit: options.maxPromptBytes });
  for (const behavior of ['allow', 'deny', 'ask'] as const) checkRules(options.permissions?.[behavior], behavior);
  checkJobModel(options.model);
  const submittedAt = new Date().toISOString();
  return prompts.map((prompt) => {
    const parsed = fleetJobDataSchema.safeParse({
      format: 1,
      script,
      prompt,
      // A local path is the submitter's (as the script is): each worker would resolve a relative one against its own folder.
      ...(options.workspace && { workspace: { ...options.workspace, repo: submittersRepository(options.workspace.repo, cwd) } }),
      permissions: options.permissions ?? {},
      ...(options.maxTurns !== undefined && { maxTurns: options.maxTurns }),
      ...(options.maxBudgetUsd !== undefined && { maxBudgetUsd: options.maxBudgetUsd }),
      ...(options.model !== undefined && { model: options.model }),
      deferAsks: options.deferAsks === true,
      ...(options.allowBrokenPlugins === true && { allowBrokenPlugins: true }),
      submittedAt,
    });
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      throw invalid(issue.path.join('.') || 'job', issue.message, 'see SubmitOptions in the codev/fleet docs');
    }
    checkSettingsSize(parsed.data);
    return parsed.data;
  });
}

/** A key or a URL (which may hold one) in a job's model settings would be stored in Redis: refused, saying where they go. */
function checkJobModel(model: unknown): void {
  if (typeof model !== 'object' || model === null) return;
  for (const field of ['apiKey', 'baseURL'] as const) {
    if (field in model) throw invalid(`model.${field}`, `A job's model settings cannot carry ${field}: the job is stored in Redis`, "set it where the workers run (their environment: the provider's variables) or in the agent script's model");
  }
}

function checkPromptSizes(options: { prompts: readonly string[]; field: (index: number) => string; limit: number | undefined }): void {
  const limit = options.limit ?? MAX_PROMPT_BYTES;
  if (!(Number.isSafeInteger(limit) && limit >= 1)) throw invalid('maxPromptBytes', `maxPromptBytes must be a positive integer, not ${limit}`, `the default is ${MAX_PROMPT_BYTES}`);
  options.prompts.forEach((prompt, index) => {
    const bytes = Buffer.byteLength(prompt, 'utf8');
    if (bytes > limit) throw invalid(options.field(index), `A prompt of ${bytes} bytes is over the limit of ${limit} bytes`, `put the material in a file the job reads (its workspace), or raise the limit: maxPromptBytes (codev queue add --max-prompt-bytes N)`);
  });
}

function checkSettingsSize(data: FleetJobData): void {
  const { prompt: _prompt, ...settings } = data;
  const bytes = Buffer.byteLength(JSON.stringify(settings), 'utf8');
  if (bytes <= MAX_JOB_SETTINGS_BYTES) return;
  const largest = Object.entries(settings).sort(([, a], [, b]) => JSON.stringify(b ?? '').length - JSON.stringify(a ?? '').length)[0]![0];
  throw invalid(largest, `The job's settings besides its prompt take ${bytes} bytes, over the limit of ${MAX_JOB_SETTINGS_BYTES} bytes (every job of the submit carries them)`, `keep the script path, workspace and rules short: material for the job goes in its prompt or its workspace`);
}

function checkRules(rules: readonly string[] | undefined, behavior: 'allow' | 'deny' | 'ask'): void {
  if (rules === undefined) return;
  if (!Array.isArray(rules)) throw invalid(`permissions.${behavior}`, `The ${behavior} rules must be a list of strings`, 'e.g. ["Bash(npm test)", "Edit"]');
  rules.forEach((rule, index) => {
    let problem: string | undefined;
    try {
      const value = parsePermissionRule(rule);
      if (behavior === 'allow') problem = validateAllowRule(value);
      const name = checkRuleToolName({ toolName: value.toolName, knownNames: BUILTIN_TOOL_NAMES, complete: false });
      if (name?.severity === 'error') problem ??= name.message;
      problem ??= checkRuleContent({ behavior, value })?.message;
    } catch (error) {
      problem = errorMessage(error);
    }
    if (problem) throw invalid(`permissions.${behavior}[${index}]`, `The ${behavior} rule ${JSON.stringify(rule)} is invalid: ${problem}`, 'write rules as in codev.config.ts, e.g. "Bash(npm test)" or "Edit(src/**)"');
  });
}

function invalid(field: string, message: string, hint: string): CodevError {
  return new CodevError('JOB_INVALID', message, { field, hint });
}

/** A local repository's path made absolute against the submitter's folder; a URL, or what is no path (refused by the worker), as it is. */
function submittersRepository(repo: string, cwd: string): string {
  if (typeof repo !== 'string' || repo.trim() === '' || repo.startsWith('-') || isRemoteRepository(repo)) return repo;
  return path.resolve(cwd, repo);
}
