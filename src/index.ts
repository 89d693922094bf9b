/**
 * codev's public API. Every name here is a contract; anything not listed is internal.
 */
import * as codev from './index.ts';
import * as pluginEntry from './plugin.ts';
import { provideHostModules } from './plugins/host-module.ts';

// Plugin, config and agent files get these very modules for `import … from 'codev'` and 'codev/plugin'.
provideHostModules({ codev, 'codev/plugin': pluginEntry });

// Defining tools, hooks, rules, plugins and config; the contracts' types; errors (also `codev/plugin`)
export * from './plugin.ts';

// The kernel and the registry
export { createKernel } from './create-kernel.ts';
export type { Kernel, KernelOptions } from './kernel/create-kernel.ts';
export type { Generation, GenerationDiff, NameDiff, KernelEvents, ReloadEvent, ReloadErrorEvent, ReloadResult, ToolUseContextOptions } from './kernel/types.ts';
export { loadConfig } from './config/load-config.ts';
export type { LoadedConfig } from './config/load-config.ts';
export { loadInstructions, MAX_INCLUDE_DEPTH } from './instructions/load-instructions.ts';
export { MAX_INSTRUCTION_FILE_BYTES } from './instructions/read-instruction-file.ts';
export type { InstructionsSetting, InstructionSources } from './instructions/instructions-setting.ts';
export type { InstructionFile, InstructionsWarning, LoadedInstructions } from './instructions/types.ts';
export type { InstructionScope } from './instructions/instruction-candidates.ts';
export { loadPlugins } from './plugins/load-plugins.ts';
export type { LoadPluginsResult } from './plugins/load-plugins.ts';
export type { LoadedPlugin, PluginLogEntry, PluginLogger } from './plugins/types.ts';
export type { PluginImporter } from './plugins/create-plugin-importer.ts';
export { getAllBaseTools } from './tools/get-all-base-tools.ts';
export { SIMPLE_MODE_TOOLS, REPL_ONLY_TOOLS } from './registry/get-tools.ts';
export { getTools, assembleToolPool, getMergedTools } from './builtin-registry.ts';
export type { RegistryOptions } from './registry/get-tools.ts';
export { filterToolsByDenyRules } from './registry/filter-tools-by-deny-rules.ts';

// Running tool calls
export { runToolUse } from './execution/run-tool-use.ts';
export { runToolUses, DEFAULT_MAX_TOOL_CONCURRENCY, DEFAULT_RESULT_BUDGET_CHARS } from './execution/run-tool-uses.ts';
export { STAGES } from './execution/pipeline.ts';
export { findToolByName } from './execution/stages/find-tool.ts';
export { CANCEL_MESSAGE, REJECT_MESSAGE } from './execution/messages.ts';
export type * from './execution/types.ts';

// Permissions
export { decidePermission } from './execution/decide-permission.ts';
export type { DecideOptions } from './execution/decide-permission.ts';
export type { PreparedCall, PreparedPath } from './permissions/prepare-call.ts';
export { createPermissionContext, addRulesToContext, removeRuleSource } from './permissions/create-permission-context.ts';
export { parsePermissionRule, formatPermissionRule } from './permissions/rules/parse-rule.ts';
export { analyzeShellCommand } from './permissions/shell/analyze-shell-command.ts';
export type { CommandOrigin, ShellAnalysis, ShellAnalysisFailure, ShellRedirect, SimpleCommand } from './permissions/shell/analyze-shell-command.ts';
export type { Directories } from './permissions/shell/directories.ts';
export type { DescribedProgram } from './permissions/shell/programs/types.ts';
export type { FileAccessVia, FileEffect, ProgramEffects } from './permissions/shell/programs/types.ts';
export type { ShellWord } from './permissions/shell/shell-word.ts';
export { readLocalSettings, addLocalRules, defaultLocalSettingsFile } from './permissions/local-settings.ts';
export type { LocalSettings } from './permissions/local-settings.ts';

// MCP
export { connectMcpServer, createMcpManager, loadMcpConfig, mcpResultToContent, mcpToolName, mcpToolToTool, normalizeMcpName, resourceContentsToContent, DEFAULT_MAX_MCP_OUTPUT_TOKENS, MCP_JSON_FILE } from './mcp/index.ts';
export type { ConnectMcpServerOptions, LoadedMcpConfig, McpCallOptions, McpCallProgress, McpManager, McpManagerOptions, McpReconnectPolicy, McpRequestOptions, McpResourceInfo, McpServerConnection, McpServerStatus, McpToolInfo, McpToolToToolOptions } from './mcp/index.ts';

// codev as an MCP server
export { createMcpServer } from './mcp-server/create-mcp-server.ts';
export { serveMcpHttp } from './mcp-server/http/serve-mcp-http.ts';
export { AGENT_ONLY_TOOLS } from './mcp-server/agent-only-tools.ts';
export type { CodevMcpServer, CreateMcpServerOptions, McpAskFallback, McpHttpServer, McpResultMeta, McpServerSession, McpTransport, ServeMcpHttpOptions } from './mcp-server/types.ts';

// The agent loop
export { createAgent, DEFAULT_MODEL, DEFAULT_MAX_TURNS, INTERRUPT_MESSAGE } from './agent/create-agent.ts';
export type { Agent } from './agent/create-agent.ts';
export { defineAgent } from './agent/define-agent.ts';
export type { AgentDefinition } from './agent/define-agent.ts';
export type { RequestPolicy } from './tool/agent-scope.ts';
export type { EndReason, Usage } from './tool/agent-run.ts';
export type { AgentEvent, AgentOptions, AgentTypeOptions, Effort, ModelError, ModelUnreachableReason, ThinkingOptions, ToolApproval } from './agent/types.ts';
export type { OutputIssue, OutputOf, OutputSchema } from './agent/output/types.ts';
export type { PromptInput, PromptPart } from './agent/prompt-input.ts';
export { attachPromptFiles } from './agent/attach-prompt-files.ts';
export type { AttachmentPolicy } from './agent/attach-prompt-files.ts';
export { readDecisionForFile } from './permissions/read-decision-for-file.ts';
export type { DeniedInodesLookup, ReadDecision } from './permissions/read-decision-for-file.ts';
export { readScopeOf } from './permissions/read-scope.ts';
export type { ReadScope } from './permissions/read-scope.ts';
export type { PathAnchors } from './permissions/rules/parse-path-pattern.ts';
export type { EnvironmentPolicy } from './processes/environment-policy.ts';
export type { DocumentPart, FilePart, ImagePart, MediaPart, MediaSource } from './files/media/types.ts';
export type { DocumentMediaType, ImageMediaType } from './files/media/detect-media-type.ts';
export type { CompactBoundary, CompactionOptions } from './agent/compaction/types.ts';
export type { AgentRunResult } from './agent/collect-run-result.ts';
export { DEFAULT_MODEL_PRICES } from './model/default-model-prices.ts';
export type { ModelPrice, ModelPrices } from './model/model-price.ts';
export { resolveModelProvider } from './model/providers/resolve-model-provider.ts';
export { MODEL_FEATURES, MODEL_PROVIDER_NAMES } from './model/providers/types.ts';
export type { ModelCapabilities, ModelEntry, ModelFeature, ModelProvider, ModelProviderName, ModelSettings } from './model/providers/types.ts';
export type { ProviderEnvironment } from './model/providers/provider-environment.ts';
export type { ConfigModelSettings } from './config/model-setting-schema.ts';
export { COMPACTION_SYSTEM } from './agent/compaction/summarize-conversation.ts';
export { BUILT_IN_AGENTS, DEFAULT_AGENT_TYPE } from './agent-types/built-in-agents.ts';
export { discoverAgentTypes, AGENT_DIRECTORIES } from './agent-types/discover-agent-types.ts';
export { parseAgentFile } from './agent-types/parse-agent-file.ts';
export { MODEL_ALIASES } from './subagents/resolve-model.ts';
export type { AgentScope, AgentScopeModelProvider, AgentTypeDefinition, AgentTypeSource, SubagentLimits, SubagentSlots } from './tool/agent-scope.ts';
export type { Spending, SpendingTotals, SpendingAmount, SpendingReservation, QueryLimits, LimitReached } from './tool/spending.ts';
export type { AskUser, UserAnswers, UserQuestion, UserQuestionOption } from './tool/ask-user.ts';
export type { TodoItem, TodoStatus } from './tool/todo-item.ts';
export type { AgentTypeDiscovery } from './agent-types/types.ts';
export type { TaskNotification } from './tasks/take-task-notifications.ts';

// Persisted sessions
export { listSessions } from './agent/list-sessions.ts';
export { getSessionMessages } from './agent/get-session-messages.ts';
export { pruneSessions } from './agent/prune-sessions.ts';
export type { PruneSessionsOptions } from './agent/prune-sessions.ts';
export type { SessionSource } from './agent/project-session-store.ts';
export { createFileSessionStore } from './transcripts/create-file-session-store.ts';
export { TRANSCRIPT_FORMAT } from './transcripts/types.ts';
export type { CompactEntry, ConversationRepair, DeletedSession, EntryUsage, ListSessionsOptions, LoadedTranscript, MessageEntry, PendingEntry, PendingToolUse, PrunedSession, PruneSessionsResult, SessionEntry, SessionLockHolder, SessionRef, SessionRetention, SessionStateSnapshot, StateEntry, SessionMetadata, SessionStore, SessionSummary, SessionWriter, SkippedSession, TranscriptEntry, TranscriptProblem } from './transcripts/types.ts';
export type { SessionLockTiming } from './transcripts/session-lock-timing.ts';

// File checkpoints and rewind
export { listCheckpoints } from './agent/rewind/list-checkpoints.ts';
export type { ListCheckpointsOptions } from './agent/rewind/list-checkpoints.ts';
export { rewindSession } from './agent/rewind/rewind-session.ts';
export type { RewindSessionOptions } from './agent/rewind/rewind-session.ts';
export type { CheckpointInfo, RewindOptions, RewindResult } from './agent/rewind/types.ts';
export type { ConflictChoice, FileChange, LargeFile, RestoreConflict, RootSnapshot, Snapshot } from './checkpoints/types.ts';
export type { CheckpointEntry, CompactedHistory, RecordEntry, RewindEntry, SessionRecord, TranscriptEntries } from './transcripts/types.ts';
export type { BackgroundTask, BackgroundTaskStatus } from './session/types.ts';
