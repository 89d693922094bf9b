/**
 * Stands in for `@modelcontextprotocol/sdk/types` in codev's published declarations: codev bundles the MCP SDK, so
 * a consumer does not install it, and its zod-inferred protocol types alone cost a consumer's type-check more than
 * the rest of codev. scripts/build-types.mjs resolves the import here and inlines these from the SDK's plain
 * TypeScript rendering of the same protocol schema (`spec.types`).
 */
export type { CallToolResult, ReadResourceResult, Resource, Tool } from '@modelcontextprotocol/sdk/spec.types';
