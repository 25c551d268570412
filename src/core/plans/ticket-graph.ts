/**
 * The tickets' dependency graph, shared by validation, the materializer and the estimates. Every
 * walk visits ids in sorted order, so the answers never depend on the order tickets were written in.
 */
export interface GraphNode {
  readonly id: string;
  readonly dependsOn: readonly string[];
}

const byId = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

function edgesOf(nodes: readonly GraphNode[]): Map<string, string[]> {
  const edges = new Map<string, string[]>();
  for (const node of [...nodes].sort((a, b) => byId(a.id, b.id)))
    edges.set(node.id, [...new Set(node.dependsOn)].sort(byId));
  return edges;
}

/** The first cycle found (its ids in dependency order, without repeating the first), or null. */
export function findCycle(nodes: readonly GraphNode[]): string[] | null {
  const edges = edgesOf(nodes);
  const state = new Map<string, "open" | "done">();
  const trail: string[] = [];
  const visit = (id: string): string[] | null => {
    if (state.get(id) === "done" || !edges.has(id)) return null;
    if (state.get(id) === "open") return trail.slice(trail.indexOf(id));
    state.set(id, "open");
    trail.push(id);
    for (const next of edges.get(id)!) {
      const cycle = visit(next);
      if (cycle !== null) return cycle;
    }
    trail.pop();
    state.set(id, "done");
    return null;
  };
  for (const id of edges.keys()) {
    const cycle = visit(id);
    if (cycle !== null) return cycle;
  }
  return null;
}

/** Ids with every dependency before them; among the ready ones, the smallest id first. */
export function topologicalOrder(nodes: readonly GraphNode[]): string[] {
  const edges = edgesOf(nodes);
  const order: string[] = [];
  const placed = new Set<string>();
  while (order.length < edges.size) {
    const ready = [...edges.keys()].find(
      (id) => !placed.has(id) && edges.get(id)!.every((dep) => placed.has(dep) || !edges.has(dep)),
    );
    if (ready === undefined) throw new Error("topologicalOrder: the graph has a cycle");
    order.push(ready);
    placed.add(ready);
  }
  return order;
}

/** Tickets no other ticket depends on, sorted: what the synthesis gets by default. */
export function sinks(nodes: readonly GraphNode[]): string[] {
  const needed = new Set(nodes.flatMap((node) => node.dependsOn));
  return nodes
    .map((node) => node.id)
    .filter((id) => !needed.has(id))
    .sort(byId);
}

/**
 * The heaviest path through the DAG by `weight` (parallel branches overlap, so a plan lasts as
 * long as its heaviest chain), with its ids from first to last. Ties go to the smaller ids.
 */
export function heaviestPath(
  nodes: readonly GraphNode[],
  weight: (id: string) => number,
): { path: string[]; total: number } {
  const edges = edgesOf(nodes);
  const best = new Map<string, { total: number; path: string[] }>();
  for (const id of topologicalOrder(nodes)) {
    let before: { total: number; path: string[] } = { total: 0, path: [] };
    for (const dep of edges.get(id)!) {
      const candidate = best.get(dep);
      if (candidate !== undefined && candidate.total > before.total) before = candidate;
    }
    best.set(id, { total: before.total + weight(id), path: [...before.path, id] });
  }
  let answer: { path: string[]; total: number } = { path: [], total: 0 };
  for (const entry of best.values()) if (entry.total > answer.total) answer = entry;
  return answer;
}
