import type { ToolUseContext } from '../execution/types.ts';
import type { Kernel } from '../kernel/types.ts';
import type { CanUseTool } from '../permissions/types.ts';
import type { CallLimiter } from './call-limiter.ts';
import type { SendElicitation } from './elicit-permission.ts';
import type { CreateMcpServerOptions } from './types.ts';

/** What the calls of one MCP session share. */
export interface CallSession {
  readonly kernel: Kernel;
  readonly options: CreateMcpServerOptions;
  /** The session's own folder (results, background tasks), held while the session lasts. */
  readonly sessionDirectory: string;
  /** Aborted when the session ends: every running call stops. */
  readonly signal: AbortSignal;
  readonly limiter: CallLimiter;
  /** The context of the latest call: the next one carries its session rules and mode over. */
  latest?: ToolUseContext;
  /** Who answers the asks of one call (elicitation through `send`, an embedder's callback, or the fallback). */
  canUseTool(send: SendElicitation): CanUseTool;
}
