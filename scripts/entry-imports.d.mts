// Types of entry-imports.mjs, for the tests that import it.
import type { Plugin } from "esbuild";

/** An entry's value re-exports: exported name → the file that defines it and its name there. */
export type Definitions = Map<string, { file: string; name: string }>;

export function entryImports(srcDir: string): Plugin;
export function reExports(entry: string, text: string): Definitions;
export function bypassEntries(file: string, text: string, definedIn: (entry: string) => Definitions): string;
