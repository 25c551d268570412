// Types of map-render.mjs, for the tests that import it.
import type { SourceNode } from "./map-graph.mjs";

export function renderMap(graph: SourceNode[]): Promise<string>;
