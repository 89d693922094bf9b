import { errorMessage } from '../errors/codev-error.ts';
import { allowRuleAdvice } from '../permissions/allow-rule-advice.ts';
import type { CanUseTool, CanUseToolResult } from '../permissions/types.ts';
import type { ServerSdk } from './load-server-sdk.ts';
import { visibleText } from './visible-text.ts';

/** The choices an elicitation offers, as the client answers them in `content.decision`. */
export const ELICITATION_CHOICES = { once: 'allow_once', always: 'allow_always', deny: 'deny' } as const;

/** Sends one `elicitation/create` request related to the call (the SDK's `extra.sendRequest`). */
export type SendElicitation = (
  params: { message: string; requestedSchema: Record<string, unknown> },
  options: { timeout: number; signal: AbortSignal },
) => Promise<{ action: string; content?: Record<string, unknown> }>;

/**
 * A `CanUseTool` that asks the MCP client by elicitation: allow once, allow always (only when the ask
 * suggests rules to keep: they are then saved as codev saves them) or deny. Declining, cancelling, or any
 * answer but one of the choices offered is a deny by the user. No answer within `timeoutMs` is for
 * `fallback` to answer, as is an ask when the client cannot be asked at all (`canElicit` false).
 */
export function elicitPermission(options: {
  sdk: ServerSdk;
  canElicit: () => boolean;
  send: SendElicitation;
  timeoutMs: number;
  fallback: CanUseTool;
}): CanUseTool {
  const { sdk, send, timeoutMs, fallback } = options;
  return async (tool, input, askOptions) => {
    if (!options.canElicit()) return fallback(tool, input, askOptions);
    const choices = [ELICITATION_CHOICES.once, ...(askOptions.suggestions.length > 0 ? [ELICITATION_CHOICES.always] : []), ELICITATION_CHOICES.deny];
    const titles = { allow_once: 'Allow once', allow_always: visibleText(`Allow always (${askOptions.suggestions.flatMap((update) => update.rules).join(', ')})`), deny: 'Deny' };
    const requestedSchema = {
      type: 'object',
      properties: {
        decision: { type: 'string', title: visibleText(`Allow ${tool.userFacingName}?`), enum: choices, enumNames: choices.map((choice) => titles[choice]) },
      },
      required: ['decision'],
    };
    let answer: { action: string; content?: Record<string, unknown> };
    try {
      // The whole input, however long: a cut would hide what the user allows (the client sent all of it).
      answer = await send({ message: visibleText(`${askOptions.message}\nInput: ${JSON.stringify(input)}`), requestedSchema }, { timeout: timeoutMs, signal: askOptions.signal });
    } catch (error) {
      if (askOptions.signal.aborted) throw error;
      if (isTimeout(sdk, error)) return fallback(tool, input, askOptions);
      return { behavior: 'deny', message: `The MCP client's answer to the permission request was not usable (${errorMessage(error)}), so the call was denied.` };
    }
    return toAnswer({ answer, offered: choices, askOptions });
  };
}

function toAnswer(options: {
  answer: { action: string; content?: Record<string, unknown> };
  offered: readonly string[];
  askOptions: Parameters<CanUseTool>[2];
}): CanUseToolResult {
  const { answer, offered, askOptions } = options;
  const decision = answer.action === 'accept' && answer.content ? answer.content.decision : undefined;
  // Only a choice that was offered counts: anything else (a typo, "allow_always" when none was offered) denies.
  if (typeof decision !== 'string' || !offered.includes(decision) || decision === ELICITATION_CHOICES.deny) {
    // A cancel is often no person's answer: some clients cancel every elicitation they cannot show (`claude -p`),
    // so the result says how the call could be allowed without one.
    const advice = answer.action === 'cancel' ? allowRuleAdvice(askOptions) : '';
    return { behavior: 'deny', message: `The user of the MCP client denied the call (${answer.action === 'accept' ? 'deny' : answer.action}).${advice}` };
  }
  return decision === ELICITATION_CHOICES.always ? { behavior: 'allow', updatedPermissions: askOptions.suggestions } : { behavior: 'allow' };
}

function isTimeout(sdk: ServerSdk, error: unknown): boolean {
  return error instanceof sdk.types.McpError && error.code === sdk.types.ErrorCode.RequestTimeout;
}
