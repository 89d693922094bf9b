import type { AgentEvent } from '../../agent/types.ts';
import type { Tool } from '../../tool/types.ts';
import type { Colors } from './colors.ts';
import { createProgressLog } from './create-progress-log.ts';
import { createSpinner } from './create-spinner.ts';

const MAX_RESULT_LINES = 12;

/**
 * Renders agent events for a person: streamed text (thinking dimmed, apart from the answer), each tool call through its tool's
 * `renderToolUseMessage`, progress through `renderToolUseProgressMessage`, results through
 * `renderToolResultMessage` (errors in red), a spinner with elapsed time for calls over 2 s. Not `interactive`
 * (output that is not a terminal) or without `spinners` (`writeError` is not one), progress is appended, never
 * repeated: a command's new output lines once each (and its result without them), other progress when it changes.
 */
export function createTextRenderer(options: { tools: readonly Tool[]; colors: Colors; write: (text: string) => void; writeError: (text: string) => void; interactive: boolean; spinners?: boolean }) {
  const { colors, write } = options;
  // Spinners redraw a line of `writeError`: where that is not a terminal (2>run.log), progress is appended instead.
  const live = options.interactive && options.spinners !== false;
  const running = new Map<string, { tool?: Tool; input: unknown; header: string; progress: unknown[]; spinner: { update(label: string): void; stop(): void } }>();
  const render = { verbose: false, color: colors.bold('x') !== 'x' };
  const log = createProgressLog();
  let midLine = false;
  // The call the last lines printed under a call belong to: calls that run side by side (read-only Bash, subagents)
  // print their headers first, so a call's lines after another's are preceded by its name again.
  let owner: string | undefined;
  const ownLines = (toolUseId: string, header: string | undefined) => {
    if (owner !== undefined && owner !== toolUseId && header !== undefined) line(colors.dim(`↳ ${header}`));
    owner = toolUseId;
  };
  // Thinking streams dimmed, set apart from the answer that follows it.
  let thinking = false;
  const line = (text: string) => {
    if (midLine) write('\n');
    midLine = false;
    thinking = false;
    write(`${text}\n`);
  };
  return function renderEvent(event: AgentEvent): void {
    switch (event.type) {
      case 'text-delta':
        if (thinking) line('');
        write(event.text);
        midLine = !event.text.endsWith('\n');
        return;
      case 'thinking-delta':
        if (!thinking && midLine) line('');
        thinking = true;
        write(colors.dim(event.text));
        midLine = !event.text.endsWith('\n');
        return;
      case 'thinking':
        if (event.redacted) line(colors.dim('✻ (thinking redacted by the API)'));
        return;
      case 'model-fallback':
        if (midLine) write('\n');
        midLine = false;
        thinking = false;
        options.writeError(colors.yellow(`codev: ${event.error.code} on ${event.from}; trying ${event.to}.\n`));
        return;
      case 'tool-call': {
        const tool = options.tools.find((candidate) => candidate.name === event.toolName);
        const summary = safe(() => tool?.renderToolUseMessage(event.input as never, render) ?? JSON.stringify(event.input));
        const name = tool?.userFacingName(event.input as never) ?? event.toolName;
        line(`${colors.bold(`● ${name}`)}${summary ? colors.dim(`(${summary})`) : ''}`);
        owner = event.toolUseId;
        running.set(event.toolUseId, { tool, input: event.input, header: summary ? `${name}(${summary})` : name, progress: [], spinner: createSpinner({ write: options.writeError, label: event.toolName, enabled: live }) });
        return;
      }
      case 'tool-progress': {
        const call = running.get(event.toolUseId);
        if (!call) return;
        // Hook progress belongs to the lifecycle, not the tool: its render function never sees it.
        if (event.progress.type === 'hook_progress') {
          call.spinner.update(event.progress.status === 'started' ? `${event.toolName}: hook ${String(event.progress.hookName)}` : event.toolName);
          return;
        }
        call.progress.push(event.progress);
        const text = () => safe(() => call.tool?.renderToolUseProgressMessage(call.progress as never, render) ?? '');
        if (live) {
          const latest = text();
          if (latest) call.spinner.update(`${event.toolName}: ${latest.split('\n').at(-1)!.slice(0, 80)}`);
          return;
        }
        const lines = log.progress({ toolUseId: event.toolUseId, progress: event.progress, text, now: Date.now() });
        if (lines.length === 0) return;
        ownLines(event.toolUseId, call.header);
        line(colors.dim(lines.map((part) => `  … ${part}`).join('\n')));
        return;
      }
      case 'tool-result': {
        const call = running.get(event.toolUseId);
        call?.spinner.stop();
        running.delete(event.toolUseId);
        const text = log.result(event.toolUseId, event.isError || !call?.tool ? blockText(event.block.content) : safe(() => call.tool!.renderToolResultMessage(event.output as never, render)));
        const lines = text.split('\n');
        const shown = lines.slice(0, MAX_RESULT_LINES).map((part, index) => `  ${index === 0 ? '⎿' : ' '} ${part}`);
        if (lines.length > MAX_RESULT_LINES) shown.push(colors.dim(`    … ${lines.length - MAX_RESULT_LINES} more lines`));
        ownLines(event.toolUseId, call?.header);
        line(event.isError ? colors.red(shown.join('\n')) : shown.join('\n'));
        return;
      }
      case 'user-message': {
        const text = event.content.map((block) => (block.type === 'text' ? block.text : `[${block.type}]`)).join(' ');
        line(colors.dim(`› ${text}`));
        return;
      }
      case 'task-notification': {
        const { notification } = event;
        line(colors.dim(`◆ task ${notification.taskId} (${notification.taskType}) ${notification.status}: ${notification.description}`));
        return;
      }
      case 'retry':
        if (midLine) write('\n');
        midLine = false;
        options.writeError(colors.yellow(`codev: ${event.error.code}: ${event.error.message} Retrying in ${(event.waitMs / 1000).toFixed(1)} s (retry ${event.attempt} of ${event.maxRetries}).\n`));
        return;
      case 'error':
        // On stderr like the retries before it: `codev run agent.ts > answer.txt` still shows why it failed.
        if (midLine) write('\n');
        midLine = false;
        options.writeError(colors.red(`✗ ${event.error.code}: ${event.error.message}\n`));
        return;
      case 'compact-boundary': {
        const what = [event.clearedToolResults > 0 && `${event.clearedToolResults} old tool result(s) cleared`, event.summarized && 'older messages summarized'].filter(Boolean).join(', ');
        line(colors.dim(`◆ context compacted (${event.trigger}): ~${event.tokensBefore.toLocaleString('en-US')} → ~${event.tokensAfter.toLocaleString('en-US')} tokens; ${what}`));
        return;
      }
      case 'output-retry':
        if (midLine) write('\n');
        midLine = false;
        options.writeError(colors.yellow(`codev: the answer does not match the output schema (retry ${event.attempt} of ${event.maxRetries}): ${event.issues.map((issue) => `${issue.path || '(the answer)'}: ${issue.message}`).join('; ')}\n`));
        return;
      case 'limit-reached':
      case 'session-repaired':
      case 'warning':
        options.writeError(colors.yellow(`codev: ${event.message}\n`));
        return;
      case 'prompt-blocked':
        options.writeError(colors.yellow(`codev: hook ${event.hookName} blocked the prompt: ${event.reason}\n`));
        return;
      case 'end':
        if (midLine) write('\n');
        midLine = false;
        // A blocked prompt was already explained by its prompt-blocked event.
        if (event.reason !== 'end_turn' && event.reason !== 'blocked') options.writeError(colors.yellow(`codev: the agent stopped (${event.reason}) after ${event.turns} turn(s)\n`));
        return;
      default:
        return;
    }
  };
}

function blockText(content: string | { type: string; text?: string }[]): string {
  return typeof content === 'string' ? content : content.map((part) => part.text ?? `[${part.type}]`).join('\n');
}

function safe(render: () => string): string {
  try {
    return render();
  } catch {
    return '';
  }
}
