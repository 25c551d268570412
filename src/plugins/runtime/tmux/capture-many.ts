import { randomBytes } from "node:crypto";
import type { RuntimeHandle } from "../../../core/plugin-api.js";
import type { TmuxClient } from "../../_shared/tmux-client.js";
import { captureCommand, capturePane, screenText } from "./capture-pane.js";

/**
 * The screens of many sessions from one tmux client (`Runtime.captureMany`): a `capture-pane` per
 * session, each followed by a `display-message` printing a marker that is new for every call, so
 * the output splits back into screens. One process instead of one per session is what keeps a
 * look at a hundred idle sessions cheap (docs/lifecycle.md). tmux stops a command list at the
 * first command that fails (a session gone since the last look): then each screen is captured on
 * its own, and a session that cannot be read is `undefined`. Sessions on another socket than the
 * first one's are captured on their own too.
 */
export async function captureMany(
  handles: readonly RuntimeHandle[],
  lines: number,
  clientFor: (handle: RuntimeHandle) => TmuxClient,
): Promise<(string | undefined)[]> {
  const first = handles[0];
  if (first === undefined) return [];
  const client = clientFor(first);
  const together = handles.filter((handle) => clientFor(handle).socket === client.socket);
  const screens = together.length > 1 ? await inOneCall(client, together, lines) : undefined;
  return Promise.all(
    handles.map(async (handle) => {
      const known = screens?.get(handle.id);
      return known ?? capturePane(clientFor(handle), handle.id, lines).catch(() => undefined);
    }),
  );
}

async function inOneCall(
  client: TmuxClient,
  handles: readonly RuntimeHandle[],
  lines: number,
): Promise<Map<string, string> | undefined> {
  const count = Math.max(1, Math.floor(lines));
  const marker = `ao-screen-end-${randomBytes(8).toString("hex")}`;
  const commands = handles.flatMap((handle) => [
    captureCommand(handle.id, count),
    ["display-message", "-p", marker],
  ]);
  const result = await client.run(commands);
  if (result.failed) return undefined;
  // Each capture prints whole lines; the exec drops only the output's final newline.
  const parts = `\n${result.stdout}\n`.split(`\n${marker}\n`);
  if (parts.length !== handles.length + 1) return undefined;
  return new Map(
    handles.map((handle, index) => [handle.id, screenText(parts[index]!.replace(/^\n/, ""), count)]),
  );
}
