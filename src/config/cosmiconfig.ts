// cosmiconfig is CommonJS: imported statically here, in a module of codev's own that load-config.ts imports on first
// use, it has its named exports in Node and in the bundle alike (esbuild's split chunks give an `import()` of a
// CommonJS package a default export only).
export { cosmiconfig } from 'cosmiconfig';
