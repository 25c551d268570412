// Types of map-graph.mjs, for the tests that import it.
export interface ImportEdge {
  /** The imported file, relative to the repository (`src/core/store/index.ts`). */
  path: string;
  /** `import type …`: erased by the compiler, so no edge at run time. */
  typeOnly: boolean;
}
export interface SourceNode {
  file: string;
  imports: ImportEdge[];
}
export interface Violation {
  from: string;
  to: string;
}

export function sourceGraph(root?: string): SourceNode[];
export function layerOf(file: string): string;
export function areaOf(file: string): string | undefined;
export function entryOf(area: string, root?: string): string;
export function layerViolations(graph: SourceNode[]): Violation[];
export function entryViolations(graph: SourceNode[], root?: string): Violation[];
export function areaEdges(graph: SourceNode[]): Map<string, Set<string>>;
export function areaCycles(graph: SourceNode[]): string[][];
export function areaLayers(graph: SourceNode[]): string[][];
