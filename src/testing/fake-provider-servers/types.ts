/** The provider fakes' contract: their options and handles. Types only. */
import type { FakeMessagesServerOptions, RecordedRequest } from '../fake-messages-server/types.ts';

/** What every provider fake shares with the fake Messages server: the script and the simulated model. */
export type FakeProviderScriptOptions = Pick<FakeMessagesServerOptions, 'script' | 'port' | 'latencyMs' | 'contextWindow' | 'promptCache' | 'overloadedModels' | 'unsupported'>;

/** A running provider fake. */
export interface FakeProviderServer {
  /** `http://127.0.0.1:PORT`: the SDK's `baseURL` (Vertex: add `/v1`, see its fake). */
  url: string;
  /**
   * Every request received, in arrival order, with the provider's method, path, headers and raw body; `body` is
   * normalized to the Messages API's (`model` from the path, `stream` from the operation), so a test reads
   * `body.messages` the same way for every provider.
   */
  requests: RecordedRequest[];
  /** Stops listening and destroys every open connection. */
  close(): Promise<void>;
}

/** Options of {@link createFakeBedrockServer}. */
export interface FakeBedrockServerOptions extends FakeProviderScriptOptions {
  /** The region SigV4's scope must name. Default `us-east-1`. */
  region?: string;
  /** When set, SigV4's credential must name this access key id (else 403 `UnrecognizedClientException`). */
  accessKeyId?: string;
  /**
   * When set (with `accessKeyId`), the fake recomputes each SigV4 signature and refuses a wrong one with 403
   * `InvalidSignatureException`; without it, only the signature's presence, shape, date and scope are checked.
   */
  secretAccessKey?: string;
  /** A Bedrock API key (`AWS_BEARER_TOKEN_BEDROCK`): when set, `Authorization: Bearer <key>` is accepted too. */
  apiKey?: string;
  /** Model ids (as in the path) the fake serves; others get 400 `ValidationException`. Default: any. */
  models?: readonly string[];
}

/** Options of {@link createFakeVertexServer}. */
export interface FakeVertexServerOptions extends FakeProviderScriptOptions {
  /** The project the path must name. Default: any. */
  projectId?: string;
  /** The region the path must name. Default: any. */
  region?: string;
  /** Access tokens accepted besides the ones the fake's token endpoint issued (e.g. a test's `accessToken`). */
  accessTokens?: readonly string[];
}

/** A running fake Vertex AI endpoint with its Google OAuth token endpoint. */
export interface FakeVertexServer extends FakeProviderServer {
  /** `{url}/v1`: the SDK's `baseURL` (Vertex's base URL ends in `/v1`). */
  baseURL: string;
  /** `{url}/token`: the `token_uri` of a service-account file (see {@link writeFakeServiceAccountFile}). */
  tokenURL: string;
  /** Registers the public key (PEM) of a service account whose JWTs the token endpoint accepts. */
  trustServiceAccount(account: { clientEmail: string; publicKeyPem: string }): void;
  /** Access tokens the token endpoint issued so far. */
  issuedTokens: string[];
}

/** Options of {@link createFakeFoundryServer}. */
export interface FakeFoundryServerOptions extends FakeProviderScriptOptions {
  /** The key requests must carry as `api-key` or `x-api-key`. */
  apiKey?: string;
  /** A Microsoft Entra token accepted as `Authorization: Bearer`. */
  entraToken?: string;
}
