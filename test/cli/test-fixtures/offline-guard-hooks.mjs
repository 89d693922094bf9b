// The resolve hook of offline-guard.mjs: loading a provider SDK or a cloud credential library ends the process.
const REFUSED = /^(?:@anthropic-ai\/(?:bedrock|vertex|foundry)-sdk|@aws-sdk\/|@smithy\/|google-auth-library|@azure\/)/;

export async function resolve(specifier, context, nextResolve) {
  if (REFUSED.test(specifier)) {
    process.stderr.write(`offline-guard: ${specifier} was loaded\n`);
    process.exit(97);
  }
  return nextResolve(specifier, context);
}
