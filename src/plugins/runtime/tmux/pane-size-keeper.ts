import { AoError, type PaneSize } from "../../../core/plugin-api.js";
import type { ControlBlock, ControlClient } from "./control-client.js";

interface Original {
  cols: number;
  rows: number;
  /** The window's own `window-size` option, "" when it inherits the server's. */
  windowSize: string;
}

export interface SizeKeeper {
  resize(size: PaneSize | null): Promise<void>;
}

/**
 * Resizes the agent's window for a person in control, remembering what it was before the first
 * resize: `resize-window` sets the window's `window-size` to manual, so giving the pane back also
 * gives back that option (unset again when it was inherited) and the old size.
 */
export function createSizeKeeper(client: ControlClient, window: string): SizeKeeper {
  let original: Original | undefined;
  const run = async (commands: (readonly string[])[]) => {
    const blocks = await client.run(commands.map((argv) => ({ argv })));
    const failed = blocks.find((block) => !block.ok);
    if (failed)
      throw new AoError("E_EXEC_FAILED", `tmux could not resize the pane: ${failed.lines.join(" ")}`);
    return blocks;
  };
  return {
    async resize(size) {
      if (size === null) {
        if (original === undefined) return;
        const { cols, rows, windowSize } = original;
        original = undefined;
        await run([
          ["resize-window", "-t", window, "-x", String(cols), "-y", String(rows)],
          windowSize === ""
            ? ["set-option", "-w", "-u", "-t", window, "window-size"]
            : ["set-option", "-w", "-t", window, "window-size", windowSize],
        ]);
        return;
      }
      original ??= await readOriginal(run, window);
      await run([["resize-window", "-t", window, "-x", String(size.cols), "-y", String(size.rows)]]);
    },
  };
}

async function readOriginal(
  run: (commands: (readonly string[])[]) => Promise<ControlBlock[]>,
  window: string,
): Promise<Original> {
  const [dims, option] = await run([
    ["display-message", "-p", "-t", window, "#{window_width} #{window_height}"],
    ["show-options", "-w", "-q", "-v", "-t", window, "window-size"],
  ]);
  const [cols = 0, rows = 0] = (dims?.lines[0] ?? "").split(" ").map(Number);
  return { cols, rows, windowSize: option?.lines[0]?.trim() ?? "" };
}
