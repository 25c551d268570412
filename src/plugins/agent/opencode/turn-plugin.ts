import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
import { AO_WORKSPACE_DIR, agentEventsFile } from "../_shared/agent-events.js";
import { join } from "node:path";

/**
 * opencode (1.18) runs plugins inside its server: a module whose exported function returns
 * `{ event({ event }) }` receives every bus event, `{ type, properties }` (recorded). ao's plugin
 * appends the events that tell a turn (the user message, the assistant's messages and text parts,
 * `session.status` busy / retry / idle, `session.idle`, `session.error`) to ao's event log, one JSON
 * object a line. It lives in `.ao/`, not `.opencode/plugins/`: a `.opencode/` folder makes opencode
 * install its plugin SDK from npm into every worktree (recorded), and ao loads it through
 * `OPENCODE_CONFIG_CONTENT` instead (see config-content.ts).
 */
export const OPENCODE_PLUGIN_NAME = "opencode-turns.js";

/** The provider's response headers and body ride along on API errors: not needed, not kept. */
const PLUGIN_SOURCE = (
  eventsFile: string,
) => `// Written by ao (agent-orchestrator): appends opencode's turn events to ao's event log.
import { appendFileSync } from "node:fs";

const LOG = ${JSON.stringify(eventsFile)};
const KEEP = new Set(["session.created", "session.status", "session.idle", "session.error", "message.updated", "message.part.updated"]);
const drop = (key, value) => (key === "responseHeaders" || key === "responseBody" ? undefined : value);

export const AoTurns = async () => ({
  event: async ({ event }) => {
    if (!KEEP.has(event?.type)) return;
    if (event.type === "message.part.updated" && event.properties?.part?.type !== "text") return;
    try {
      appendFileSync(LOG, JSON.stringify(event, drop) + "\\n");
    } catch {}
  },
});
`;

export function opencodePluginFile(worktree: string): string {
  return join(worktree, AO_WORKSPACE_DIR, OPENCODE_PLUGIN_NAME);
}

/** The plugin as opencode's `plugin` config takes a local file: a file:// URL. */
export function opencodePluginSpec(worktree: string): string {
  return pathToFileURL(opencodePluginFile(worktree)).href;
}

/** Writes the plugin for this worktree; a second run changes nothing. */
export function writeOpencodePlugin(worktree: string): void {
  const file = opencodePluginFile(worktree);
  const source = PLUGIN_SOURCE(agentEventsFile(worktree));
  if (existsSync(file) && readFileSync(file, "utf8") === source) return;
  writeFileSync(file, source);
}
