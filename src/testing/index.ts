/** `codev/testing`: helpers to test tools, hooks and rules without a model. */
export { createTestContext } from './create-test-context.ts';
export { runTool, resultText } from './run-tool.ts';
export { rejectionCode } from './rejection-code.ts';
export * from './fake-messages-server/index.ts';
export * from './fake-provider-servers/index.ts';
export { createTestKernel } from './create-test-kernel.ts';
export type { TestKernel } from './create-test-kernel.ts';
export * from './fake-jina-server/index.ts';
export * from './fake-search-servers/index.ts';
export * from './fake-map-servers/index.ts';
