/** The package a loaded URL belongs to: `node:`, a package name, `codev` (the checkout's dist/ or src/), or `other`. */
export function packageOf(url: string, root: string): string;
/** Runs `node --import record-loads.mjs …args` and resolves with the distinct URLs it loaded, in order, and its exit. */
export function recordLoads(options: { root: string; args: readonly string[]; env?: Record<string, string | undefined>; cwd?: string }): Promise<{ code: number | null; stdout: string; stderr: string; urls: string[] }>;
/** Files loaded per package, most first. */
export function countByPackage(urls: readonly string[], root: string): Record<string, number>;
