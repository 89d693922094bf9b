export { connectMcpServer, DEFAULT_MCP_CALL_TIMEOUT_MS, DEFAULT_MCP_CONNECT_TIMEOUT_MS } from './connect-mcp-server.ts';
export type { ConnectMcpServerOptions, McpCallOptions, McpCallProgress, McpServerConnection, McpToolInfo } from './connect-mcp-server.ts';
export { createMcpManager } from './create-mcp-manager.ts';
export type { McpManager, McpManagerOptions, McpServerStatus } from './create-mcp-manager.ts';
export { loadMcpConfig, MCP_JSON_FILE } from './load-mcp-config.ts';
export type { LoadedMcpConfig } from './load-mcp-config.ts';
export { contentText, estimateContentTokens, mcpResultToContent } from './mcp-result-to-content.ts';
export { DEFAULT_MAX_MCP_OUTPUT_TOKENS, MAX_MCP_DESCRIPTION_CHARS, MAX_MCP_RESULT_SIZE_CHARS, mcpToolName, mcpToolToTool, normalizeMcpName } from './mcp-tool-to-tool.ts';
export type { McpToolToToolOptions } from './mcp-tool-to-tool.ts';
