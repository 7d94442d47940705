// Types of build-server-bundle.mjs, for TypeScript callers (the bench).
import type { BuildOptions } from 'esbuild';

/** Packages left outside the bundle, loaded from node_modules at run time. */
export declare const EXTERNAL: readonly string[];
/** esbuild options for a bundle of `entry` into `outdir` (inside the repository, so externals resolve). */
export declare function serverBundleOptions(entry: string, outdir: string): BuildOptions;
