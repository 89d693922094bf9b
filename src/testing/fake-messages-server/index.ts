/** The fake Anthropic Messages API server of `codev/testing`. */
export { createFakeMessagesServer } from './create-fake-messages-server.ts';
export { echoReply } from './echo-reply.ts';
export { ERROR_TYPE_BY_STATUS, errorReply, isBrokenStreamReply, isDroppedStreamReply, isErrorReply, isStreamFailureReply, textReply, toolUseReply } from './fake-reply.ts';
export type {
  FakeBrokenStreamReply,
  FakeContentBlock,
  FakeDroppedStreamReply,
  FakeErrorReply,
  FakeErrorStatus,
  FakeMessageReply,
  FakeReply,
  FakeStreamFailureReply,
  FakeUsage,
} from './fake-reply.ts';
export type { FakeMessagesServer, FakeMessagesServerOptions, FakeScript, RecordedRequest } from './types.ts';
