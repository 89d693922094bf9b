import { existsSync } from 'node:fs';
import path from 'node:path';
import { attachPromptFiles, type AttachmentPolicy } from '../../agent/attach-prompt-files.ts';
import { createAgent, DEFAULT_MAX_TOKENS, DEFAULT_MODEL } from '../../agent/create-agent.ts';
import { loadAgentScript, notExportedAgent } from '../../agent/load-agent-script.ts';
import type { AgentEvent, AgentOptions, ToolApproval } from '../../agent/types.ts';
import { CodevError } from '../../errors/codev-error.ts';
import { joinSentences } from '../../errors/join-sentences.ts';
import { createKernel } from '../../index.ts';
import { readScopeOf } from '../../permissions/read-scope.ts';
import type { CanUseTool } from '../../permissions/types.ts';
import { RUN_HELP } from '../help.ts';
import { parsePromptCommandLine } from '../parse-command-line.ts';
import { printLoadErrors } from '../print-load-errors.ts';
import { createTerminalPrompt } from '../prompt/create-terminal-prompt.ts';
import { createTerminalQuestions } from '../prompt/create-terminal-questions.ts';
import { createColors } from '../render/colors.ts';
import { createJsonRenderer } from '../render/create-json-renderer.ts';
import { createTextRenderer } from '../render/create-text-renderer.ts';
import { formatRunSummary } from '../render/format-run-summary.ts';
import { STOP_EXIT_CODES } from './listen-for-stop-signals.ts';
import { stopOnSignals, type CommandStop } from './stop-on-signals.ts';
import { positiveIntegerOption, positiveNumberOption } from './number-options.ts';
import { permissionModeOption } from './tool-call-options.ts';
import { checkThinkingFits, modelOptions } from './model-options.ts';
import { providerOption, withModelFlags } from './model-flags.ts';
import { modelIdOf } from '../../model/providers/model-id-of.ts';
import { noSuchScript } from './no-such-script.ts';
import { promptArguments } from './prompt-arguments.ts';
import { readJsonSchemaFile } from './read-json-schema-file.ts';
import { kernelRewindContext } from './rewind/kernel-rewind-context.ts';
import { formatRunRewind, planRunRewind, rewindBeforeQuery, runRewindOptions } from './rewind/run-rewind.ts';
import { rewindEvent } from '../render/rewind-event.ts';
import type { CommandIo } from './types.ts';

/** `codev run <script.ts> [prompt...]`: runs an agent script against its project's kernel. */
export async function runCommand(argv: readonly string[], io: CommandIo): Promise<number> {
  const { values, positionals } = parsePromptCommandLine(argv, {
    'permission-mode': { type: 'string' },
    model: { type: 'string' },
    provider: { type: 'string' },
    'max-turns': { type: 'string' },
    'max-budget-usd': { type: 'string' },
    'max-query-tokens': { type: 'string' },
    thinking: { type: 'string' },
    effort: { type: 'string' },
    'max-tokens': { type: 'string' },
    'fallback-model': { type: 'string', multiple: true },
    'include-thinking': { type: 'boolean' },
    watch: { type: 'boolean' },
    'allow-broken-plugins': { type: 'boolean' },
    'output-format': { type: 'string' },
    'json-schema': { type: 'string' },
    resume: { type: 'string', short: 'r' },
    continue: { type: 'boolean', short: 'c' },
    'fork-session': { type: 'boolean' },
    'resume-at': { type: 'string' },
    'no-session-persistence': { type: 'boolean' },
    'defer-asks': { type: 'boolean' },
    approve: { type: 'string', multiple: true },
    deny: { type: 'string', multiple: true },
    'attach-outside': { type: 'boolean' },
    'allow-attachment': { type: 'string', multiple: true },
    'rewind-to': { type: 'string' },
    force: { type: 'boolean' },
    'keep-changed': { type: 'boolean' },
  });
  if (values.help) {
    io.stdout(RUN_HELP);
    return 0;
  }
  const [script, ...promptWords] = positionals;
  if (!script) throw new CodevError('CLI_USAGE', 'Missing the agent script', { hint: 'codev run agent.ts "your prompt"' });
  // @file arguments are the user's files: from where codev was started, checked before the project loads.
  const wordsPrompt = promptArguments({ words: promptWords, cwd: io.cwd });
  const format = values['output-format'] ?? 'text';
  if (format !== 'text' && format !== 'stream-json') throw new CodevError('CLI_USAGE', `--output-format must be text or stream-json, not "${format}"`, { hint: 'e.g. --output-format stream-json' });
  const mode = permissionModeOption(values['permission-mode']);
  const maxTurns = positiveIntegerOption('max-turns', values['max-turns']);
  if (values.model?.trim() === '') throw new CodevError('CLI_USAGE', '--model needs a model id', { hint: `e.g. --model ${DEFAULT_MODEL}` });
  const provider = providerOption(values.provider);
  const limits = limitOptions(values);
  const models = modelOptions(values);
  const session = sessionOptions(values);
  const approvals = approvalsOf(values);
  const rewind = runRewindOptions(values);
  if (approvals && values.resume === undefined && !values.continue) throw new CodevError('CLI_USAGE', '--approve and --deny answer the waiting calls of a session: add --resume ID (or --continue)');
  const file = path.resolve(values.cwd ?? io.cwd, script);
  if (!existsSync(file)) throw noSuchScript({ script, file, example: 'codev run agent.ts' });

  // The project is loaded only for an agent script. A plain script ran whole while imported (what its top level
  // started without awaiting goes on, as under node) and makes its own agents: a kernel made here would load
  // the project's plugins in this process, and a plugin's timer would then keep it running for ever.
  const definition = await loadAgentScript(file);
  if (!definition) {
    const notExported = notExportedAgent(file);
    if (notExported) io.stderr(`codev run: warning: ${notExported.format()}\n`);
    io.endWhenIdle?.();
    return 0;
  }
  checkThinkingFits({ flags: models, script: definition, defaultMaxTokens: DEFAULT_MAX_TOKENS });
  const kernel = await createKernel({ cwd: values.cwd ?? path.dirname(file), env: io.env, permissionMode: mode, watch: values.watch === true });
  if (values.watch) {
    kernel.on('reload', ({ generation, diff }) => io.stderr(`codev: reloaded (generation ${generation.number}): tools +${diff.tools.added.length} -${diff.tools.removed.length} ~${diff.tools.changed.length}${diff.definitions ? ', skills or agent types changed' : ''}\n`));
    kernel.on('reload-error', ({ errors }) => errors.forEach((error) => io.stderr(`codev: reload failed, keeping the last good version: ${error.format()}\n`)));
  }
  let stop: CommandStop | undefined;
  try {
    printLoadErrors(kernel, io.stderr);
    // Unattended, a run without them would spend tokens with their tools missing and every call they could allow
    // denied: it does not start. Under --watch a fix reloads them, so the run goes on as it is.
    if (kernel.errors.length > 0 && !values.watch && !values['allow-broken-plugins']) {
      throw new CodevError('PLUGIN_LOAD_FAILED', `${kernel.errors.length === 1 ? 'A part' : `${kernel.errors.length} parts`} of the project failed to load (above), so the run did not start`, {
        hint: 'fix them (codev tools lists what loads), or add --allow-broken-plugins to run without them',
      });
    }
    // From here, the first SIGINT or SIGTERM stops the query cleanly: its open calls answered, the agent and
    // the kernel closed, the session's lock released; the command then exits with the signal's code.
    // @file attachments obey the Read rules and stay in the project, checked on the files opened, before any request.
    const attached = wordsPrompt && (await attachPromptFiles({ prompt: wordsPrompt, cwd: io.cwd, policy: attachmentPolicy({ kernel, io, values }) }));
    // A rewind is checked (the session, the turn, conflicts) before anything changes, and done just before the agent is made.
    const rewindPlan = rewind && (await planRunRewind({ ...rewind, resume: values.resume, cwd: kernel.cwd }));
    stop = stopOnSignals(io);
    const prompt = attached ?? rewindPlan?.prompt ?? definition.prompt;
    if (!prompt && !approvals) throw new CodevError('CLI_USAGE', 'No prompt: pass one after the script or set `prompt` in defineAgent', { hint: 'codev run agent.ts "summarize the README"' });
    const interactive = io.isTTY === true && format === 'text';
    const colors = createColors({ isTTY: io.isTTY === true, env: io.env });
    const canUseTool: CanUseTool = interactive && io.terminal ? createTerminalPrompt({ ...io.terminal, colors }) : values['defer-asks'] ? deferWithoutTerminal : denyWithoutTerminal;
    const outputSchema = values['json-schema'] === undefined ? definition.outputSchema : await readJsonSchemaFile({ file: values['json-schema'], cwd: values.cwd ?? io.cwd });
    // Questions go to the terminal; without one nobody can answer, so AskUserQuestion is not offered.
    const askUser = definition.askUser ?? (interactive && io.terminal ? createTerminalQuestions({ ...io.terminal, colors }) : undefined);
    // The rewind is done before the agent opens the session: the agent resumes the fork it made.
    const rewound = rewindPlan && (await rewindBeforeQuery({ plan: rewindPlan, cwd: kernel.cwd, context: kernelRewindContext(kernel, (message) => io.stderr(`codev run: warning: ${message}\n`)) }));
    const agent = createAgent({ ...definition, askUser, ...limits, ...models, ...(rewound ? { resume: rewound.sessionId } : session), kernel, env: io.env, canUseTool, model: withModelFlags({ provider, model: values.model, script: definition.model }), maxTurns: maxTurns ?? definition.maxTurns, outputSchema });
    // With an output schema, stdout carries only the answer's JSON: the run's text goes to stderr.
    const writeText = outputSchema ? io.stderr : io.stdout;
    const renderJson = format === 'stream-json' ? createJsonRenderer({ write: io.stdout, includeThinking: values['include-thinking'] === true }) : undefined;
    const render = renderJson ?? createTextRenderer({ tools: kernel.tools, colors, write: writeText, writeError: io.stderr, interactive, spinners: io.stderrIsTTY !== false });
    let reason = 'end_turn';
    let end: Extract<AgentEvent, { type: 'end' }> | undefined;
    const waiting: string[] = [];
    try {
      if (rewound) {
        if (renderJson) renderJson(rewindEvent(rewound));
        const note = formatRunRewind({ result: rewound, resent: attached === undefined, full: !renderJson });
        if (note) io.stderr(colors.dim(note));
      }
      const events = approvals ? agent.resume({ approvals, signal: stop.signal }) : agent.query(prompt!, { signal: stop.signal });
      for await (const event of events) {
        render(event);
        if (event.type === 'end') ({ reason } = end = event);
        if (event.type === 'tool-deferred') waiting.push(`  ${event.toolUseId}  ${event.toolName} ${JSON.stringify(event.input)}: ${event.message}`);
      }
    } finally {
      await agent.close();
    }
    if (format === 'text' && end?.output !== undefined) io.stdout(`${JSON.stringify(end.output, null, 2)}\n`);
    if (format === 'text' && end) io.stderr(`${colors.dim(formatRunSummary(end, values.model ?? modelIdOf(definition.model) ?? io.env.CODEV_MODEL ?? modelIdOf(kernel.config.model) ?? DEFAULT_MODEL))}\n`);
    if (format === 'text' && agent.sessionId) io.stderr(`${colors.dim(`session ${agent.sessionId} (go on with: codev run ${script} --resume ${agent.sessionId})`)}\n`);
    if (reason === 'deferred' && format === 'text') {
      const how = agent.sessionId ? `codev run ${script} --resume ${agent.sessionId} --approve ID (or --deny ID)` : 'nothing: the session is not saved (--no-session-persistence)';
      io.stderr(`${colors.yellow(`codev: ${waiting.length} call(s) wait for approval:\n${waiting.join('\n')}\nAnswer with: ${how}`)}\n`);
    }
    return reason === 'error' || reason === 'blocked' || reason === 'output-invalid' ? 1 : reason === 'aborted' ? (stop.exitCode ?? STOP_EXIT_CODES.SIGINT) : reason === 'deferred' ? 3 : 0;
  } finally {
    await kernel.close();
    stop?.dispose();
  }
}

/** What `@file` may attach: the project's working directories under its Read rules, unless the person widened it. */
function attachmentPolicy(options: { kernel: Awaited<ReturnType<typeof createKernel>>; io: CommandIo; values: { 'attach-outside'?: boolean; 'allow-attachment'?: string[] } }): AttachmentPolicy {
  const { kernel, io, values } = options;
  const readScope = readScopeOf({ cwd: kernel.cwd, projectRoot: kernel.root, homeDirectory: io.env.HOME, permissionContext: kernel.permissionContext });
  return {
    readScope,
    ...(!values['attach-outside'] && { roots: readScope.workingDirectories }),
    allowed: (values['allow-attachment'] ?? []).map((file) => path.resolve(io.cwd, file)),
    hints: { outside: 'add --attach-outside to attach files outside the project', rule: 'add --allow-attachment <path> to attach this file anyway' },
  };
}

/** `--max-budget-usd` and `--max-query-tokens` as agent options. */
function limitOptions(values: { 'max-budget-usd'?: string; 'max-query-tokens'?: string }): AgentOptions {
  const budget = positiveNumberOption('max-budget-usd', values['max-budget-usd']);
  const tokens = positiveIntegerOption('max-query-tokens', values['max-query-tokens']);
  return { ...(budget !== undefined && { maxBudgetUsd: budget }), ...(tokens !== undefined && { maxQueryTokens: tokens }) };
}

/** `--resume`, `--continue`, `--fork-session`, `--resume-at` and `--no-session-persistence` as agent options, checked together. */
function sessionOptions(values: { resume?: string; continue?: boolean; 'fork-session'?: boolean; 'resume-at'?: string; 'no-session-persistence'?: boolean }): AgentOptions {
  if (values.resume !== undefined && values.continue) throw new CodevError('CLI_USAGE', '--resume and --continue cannot be used together', { hint: '--resume ID goes on with that session, --continue with the latest one' });
  if (values['fork-session'] && values.resume === undefined && !values.continue) throw new CodevError('CLI_USAGE', '--fork-session needs --resume ID or --continue');
  if (values['resume-at'] !== undefined && values.resume === undefined) throw new CodevError('CLI_USAGE', '--resume-at needs --resume ID', { hint: 'codev sessions show ID lists the message uuids' });
  return {
    ...(values.resume !== undefined && { resume: values.resume }),
    ...(values.continue && { continue: true }),
    ...(values['fork-session'] && { fork: true }),
    ...(values['resume-at'] !== undefined && { at: values['resume-at'] }),
    ...(values['no-session-persistence'] && { persistSession: false }),
  };
}

/** `--approve ID` and `--deny ID` as the answers of `agent.resume()`; undefined when neither was given. */
function approvalsOf(values: { approve?: string[]; deny?: string[] }): Record<string, ToolApproval> | undefined {
  if (!values.approve?.length && !values.deny?.length) return undefined;
  const both = (values.approve ?? []).filter((id) => values.deny?.includes(id));
  if (both.length > 0) throw new CodevError('CLI_USAGE', `${both.join(', ')} is both approved and denied`);
  return Object.fromEntries([...(values.approve ?? []).map((id) => [id, { behavior: 'allow' }] as const), ...(values.deny ?? []).map((id) => [id, { behavior: 'deny' }] as const)]);
}

/** Without a terminal and with --defer-asks: an ask ends the run with the call saved, for --approve or --deny later. */
const deferWithoutTerminal: CanUseTool = (_tool, _input, options) => ({ behavior: 'defer', message: options.message });

/** Denies an ask (for codev, not for a user) and says what would allow it, unless nothing would (rules that failed to load). */
const denyWithoutTerminal: CanUseTool = (_tool, _input, options) => ({
  behavior: 'deny',
  unattended: true,
  message: joinSentences(options.message, `There is no terminal to ask on, so it was denied.${options.decisionReason?.type === 'unloadedSource' ? '' : options.suggestions[0] ? ` Allow it with the rule ${options.suggestions[0].rules.join(', ')} in codev.config.ts, or choose a --permission-mode.` : ' Allow it with a rule in codev.config.ts, or choose a --permission-mode.'}`),
});
