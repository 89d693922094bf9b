/**
 * The modules a plugin, config or agent file gets for `import … from 'codev'` and `'codev/plugin'`: the
 * host's own public entries, so plugins share its classes and markers and a reload does not evaluate codev's
 * sources again. codev's public entry (`src/index.ts`) provides them when it loads; the plugin layer never
 * imports it, which keeps the imports running one way. Until they are provided (a deep import that skips the
 * entry), `codev` resolves the Node way, from the plugin's `node_modules`.
 */
let provided: Readonly<Record<string, Readonly<Record<string, unknown>>>> = {};

/** Called once by codev's public entry with its module namespaces, by the specifier each answers. */
export function provideHostModules(modules: Readonly<Record<string, Readonly<Record<string, unknown>>>>): void {
  provided = { ...modules };
}

/** The host's public modules that have loaded, by specifier (`codev`, `codev/plugin`); empty before. */
export function hostModules(): Readonly<Record<string, Readonly<Record<string, unknown>>>> {
  return provided;
}
