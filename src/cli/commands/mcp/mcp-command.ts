import { MCP_HELP } from '../../help.ts';
import { dispatchSubcommand, type SubcommandActions } from '../dispatch-subcommand.ts';
import type { CommandIo } from '../types.ts';
import { mcpServeCommand } from './mcp-serve-command.ts';

const ACTIONS: SubcommandActions = {
  serve: mcpServeCommand,
};

/** `codev mcp serve`: the project's tools, with its rules, hooks and sandbox, for any MCP client. */
export async function mcpCommand(argv: readonly string[], io: CommandIo): Promise<number> {
  return dispatchSubcommand({ name: 'mcp', help: MCP_HELP, actions: ACTIONS, argv, io });
}
