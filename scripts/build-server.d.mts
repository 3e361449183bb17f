/** Types of scripts/build-server.mjs for the TypeScript that imports it (scripts/runtimeDependencies.test.ts). */
import type { BuildOptions } from 'esbuild';

/** esbuild's options for the compiled server (dist/node). */
export declare const serverBuildOptions: BuildOptions;
