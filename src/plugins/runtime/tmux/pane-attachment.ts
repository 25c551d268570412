import {
  AoError,
  type PaneAttachment,
  type PaneEvent,
  type PaneSize,
  type PluginContext,
} from "../../../core/plugin-api.js";
import type { TmuxClient } from "../../_shared/tmux-client.js";
import { assertSessionOnClient } from "../../_shared/tmux-running.js";
import { agentPaneTarget, sessionTarget } from "../../_shared/tmux-target.js";
import { startControlClient, type ControlBlock, type ControlClient } from "./control-client.js";
import { decodeControlOctal, hexKeyChunks } from "./control-protocol.js";
import { composeScreen, parseScreenFacts, SCREEN_FORMAT } from "./pane-screen.js";
import { createSizeKeeper } from "./pane-size-keeper.js";

/**
 * The agent's pane over one `tmux -C attach` client (on this machine, or in a container through
 * the client's `commandFor`): first screen from `capture-pane -e -p`,
 * output from `%output`, keys through `send-keys -H` (hex, so no byte is interpreted), resizes
 * only when asked (slots/pane.ts). Rejects with E_NOT_FOUND when the session is not running.
 * `sessionId` names the ao session in errors when its tmux session is named otherwise (a pod's `ao`).
 */
export async function attachTmuxPane(
  ctx: Pick<PluginContext, "env">,
  tmux: TmuxClient,
  session: string,
  sessionId: string = session,
): Promise<PaneAttachment> {
  await assertSessionOnClient(tmux, session, sessionId);
  const listeners: ((event: PaneEvent) => void)[] = [];
  const emit = (event: PaneEvent) => listeners.forEach((listener) => listener(event));
  let pane = "";
  let size: PaneSize | undefined;
  const args = ["-u", "-S", tmux.socket, "-f", "/dev/null", "-C", "attach-session", "-f", "ignore-size"];
  const client: ControlClient = startControlClient(
    tmux.commandFor?.([...args, "-t", sessionTarget(session)]) ?? [
      "tmux",
      ...args,
      "-t",
      sessionTarget(session),
    ],
    ctx.env,
    {
      notification(name, rest) {
        if (name === "output" && pane !== "" && rest.startsWith(`${pane} `))
          emit({ kind: "output", data: decodeControlOctal(rest.slice(pane.length + 1)) });
        else if (name === "layout-change")
          void client.run([{ argv: ["display-message", "-p", "-t", pane, SCREEN_FORMAT] }], sized);
      },
      exit: (reason) => emit({ kind: "end", reason }),
    },
  );
  const sized = (blocks: readonly ControlBlock[]) => {
    const facts = blocks[0]?.ok ? parseScreenFacts(blocks[0].lines[0]) : undefined;
    if (facts === undefined || (facts.cols === size?.cols && facts.rows === size.rows)) return;
    size = { cols: facts.cols, rows: facts.rows };
    emit({ kind: "size", size });
  };
  const ids = await client.run([
    { argv: ["display-message", "-p", "-t", agentPaneTarget(session), "#{pane_id} #{window_id}"] },
  ]);
  const [paneId, windowId] = (ids[0]?.ok ? (ids[0].lines[0] ?? "") : "").split(" ");
  if (!paneId?.startsWith("%") || !windowId?.startsWith("@")) {
    await client.close();
    throw new AoError("E_NOT_FOUND", `tmux session ${session} has no agent pane to attach to`);
  }
  pane = paneId;
  const keeper = createSizeKeeper(client, windowId);
  return {
    listen: (listener) => void listeners.push(listener),
    requestScreen() {
      const commands = [
        { argv: ["display-message", "-p", "-t", pane, SCREEN_FORMAT] },
        // Exactly as many lines as the pane is high: a pane line that looks like `%end` stays text.
        {
          argv: ["capture-pane", "-p", "-e", "-t", pane],
          lineCount: (before: readonly ControlBlock[]) => parseScreenFacts(before[0]?.lines[0])?.rows,
        },
      ];
      void client.run(commands, (blocks) => {
        const facts = parseScreenFacts(blocks[0]?.lines[0]);
        if (facts === undefined || blocks[1]?.ok !== true) return;
        size = { cols: facts.cols, rows: facts.rows };
        emit({ kind: "screen", screen: composeScreen(facts, blocks[1].lines) });
      });
    },
    async write(data) {
      if (data.length === 0) return;
      const blocks = await client.run(
        hexKeyChunks(data).map((hex) => ({ argv: ["send-keys", "-t", pane, "-H", ...hex] })),
      );
      const failed = blocks.find((block) => !block.ok);
      if (failed) throw new AoError("E_NOT_FOUND", `tmux did not take the keys: ${failed.lines.join(" ")}`);
    },
    resize: (to) => keeper.resize(to),
    async close() {
      await keeper.resize(null).catch(() => undefined);
      await client.close();
    },
  };
}
