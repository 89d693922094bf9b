/** How the engine treats a call no rule decides. See README "Permission modes". */
export type PermissionMode = 'default' | 'acceptEdits' | 'bypassPermissions' | 'plan' | 'auto' | 'dontAsk';
