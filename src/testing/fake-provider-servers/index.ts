/** Fake Amazon Bedrock, Google Vertex AI and Microsoft Foundry endpoints of `codev/testing`, over the fake Messages server's script. */
export { createFakeBedrockServer } from './create-fake-bedrock-server.ts';
export { createFakeVertexServer } from './create-fake-vertex-server.ts';
export { createFakeFoundryServer } from './create-fake-foundry-server.ts';
export { writeFakeServiceAccountFile, FAKE_UNIVERSE_DOMAIN } from './write-fake-service-account-file.ts';
export type { FakeServiceAccountFile } from './write-fake-service-account-file.ts';
export { encodeEventStreamMessage } from './encode-event-stream-message.ts';
export type {
  FakeBedrockServerOptions,
  FakeFoundryServerOptions,
  FakeProviderScriptOptions,
  FakeProviderServer,
  FakeVertexServer,
  FakeVertexServerOptions,
} from './types.ts';
