/**
 * The module a plugin, config or agent file gets for `import … from 'codev'`: the host's own public API, so
 * plugins share its classes and markers and a reload does not evaluate codev's sources again. codev's public
 * entry (`src/index.ts`) provides itself here when it loads; the plugin layer never imports it, which keeps
 * the imports running one way. Until it is provided (a deep import that skips the entry), `codev` resolves
 * the Node way, from the plugin's `node_modules`.
 */
let provided: Readonly<Record<string, unknown>> | undefined;

/** Called once by codev's public entry with its own module namespace. */
export function provideHostModule(module: Readonly<Record<string, unknown>>): void {
  provided = module;
}

/** The host's public module, if its entry has loaded. */
export function hostModule(): Readonly<Record<string, unknown>> | undefined {
  return provided;
}
