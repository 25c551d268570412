/**
 * The shape of what an ACP agent sends, to hold a fake agent to a real one's recording: per kind of
 * message (a method, or `session/update <sessionUpdate>`, or the result of `session/prompt`), the
 * key paths it uses, two levels down (`toolCall.title`, `options[].optionId`, `content.type`).
 */
export type Shapes = Map<string, Set<string>>;

interface Message {
  id?: unknown;
  method?: unknown;
  params?: Record<string, unknown>;
  result?: unknown;
}

/** The shapes of the agent's messages among `messages` (both directions given, in order). */
export function agentShapes(messages: readonly { fromAgent: boolean; message: Message }[]): Shapes {
  const shapes: Shapes = new Map();
  const asked = new Map<unknown, unknown>();
  for (const { fromAgent, message } of messages) {
    if (!fromAgent) {
      if (message.method !== undefined) asked.set(message.id, message.method);
      continue;
    }
    const [kind, body] = kindOf(message, asked);
    if (kind === undefined) continue;
    const keys = shapes.get(kind) ?? new Set<string>();
    for (const path of keyPaths(body, "", 2)) keys.add(path);
    shapes.set(kind, keys);
  }
  return shapes;
}

function kindOf(message: Message, asked: Map<unknown, unknown>): [string | undefined, unknown] {
  if (message.method === "session/update") {
    const update = message.params?.["update"] as { sessionUpdate?: string } | undefined;
    return [`session/update ${update?.sessionUpdate ?? "?"}`, update];
  }
  if (typeof message.method === "string") return [message.method, message.params];
  if (asked.get(message.id) === "session/prompt" && message.result !== undefined)
    return ["session/prompt result", message.result];
  return [undefined, undefined];
}

function keyPaths(value: unknown, prefix: string, depth: number): string[] {
  if (depth === 0 || value === null || typeof value !== "object") return [];
  if (Array.isArray(value)) return value.flatMap((item) => keyPaths(item, `${prefix}[]`, depth));
  return Object.entries(value).flatMap(([key, child]) => {
    const path = prefix === "" ? key : `${prefix}.${key}`;
    return [path, ...keyPaths(child, path, depth - 1)];
  });
}

/** What `fake` sends that `real` never does: kinds, and keys of kinds both send. */
export function shapesMissingFrom(fake: Shapes, real: Shapes): string[] {
  const missing: string[] = [];
  for (const [kind, keys] of fake) {
    const known = real.get(kind);
    if (known === undefined) missing.push(kind);
    else for (const key of keys) if (!known.has(key)) missing.push(`${kind}: ${key}`);
  }
  return missing;
}
