/** Types of install-packed-codev.mjs (plain JavaScript, shared by the .mjs and the .ts benches). */
export declare const REPO: string;
export declare const PEERS: string;
export declare const CLI_ROOT: string;
export declare function buildIfStale(root?: string): string[];
export declare function packCodev(options: { root?: string; destination: string }): { tarball: string; files: number; packedBytes: number; unpackedBytes: number; notes: string[] };
export declare function installProject(options: { directory: string; packages: readonly string[] }): { directory: string; npmWarnings: string[] };
export declare function installedCodev(options?: { root?: string }): { directory: string; notes: string[] };
export declare function zodSpec(root?: string): string;
