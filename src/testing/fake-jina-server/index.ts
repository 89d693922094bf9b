/** The fake Jina Reader server of `codev/testing`. */
export { createFakeJinaServer } from './create-fake-jina-server.ts';
export { jinaErrorBody } from './jina-error.ts';
export type { FakeJinaFailure, FakeJinaPage, FakeJinaRequest, FakeJinaServer, FakeJinaServerOptions } from './types.ts';
