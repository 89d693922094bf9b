/**
 * Why a request fails authentication, or undefined when it passes. With an `apiKey`, a request passes when it carries
 * the key as `x-api-key` (SDK 0.x) or as `Authorization: Bearer` (SDK 1.x). Without one, every request passes.
 */
export function authenticationFailure(headers: Record<string, string>, apiKey: string | undefined): string | undefined {
  if (apiKey === undefined) return undefined;
  const bearer = /^Bearer\s+(.+)$/i.exec(headers.authorization ?? '')?.[1];
  if (headers['x-api-key'] === apiKey || bearer === apiKey) return undefined;
  if (headers['x-api-key'] !== undefined) return 'invalid x-api-key';
  if (bearer !== undefined) return 'invalid bearer token';
  return 'x-api-key header is required';
}
