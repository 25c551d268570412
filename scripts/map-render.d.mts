// Types of map-render.mjs, for the tests that import it.
import type { SourceNode } from "./map-graph.mjs";

export function renderMap(graph: SourceNode[]): Promise<string>;

/** docs/architecture.md's text with its table of core's areas in layers made from the code. */
export function withAreaLayers(text: string, graph: SourceNode[]): Promise<string>;
