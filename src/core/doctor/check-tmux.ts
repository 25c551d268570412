import type { AoContext } from "../context.js";
import { installCommand, type DoctorCheck, type DoctorHost } from "./check.js";
import { checkTool } from "./check-tool.js";

/**
 * tmux is the default runtime, so it is required unless a config is loaded and none of its
 * projects uses the tmux runtime (`required` false); then its absence is only a warning.
 */
export function checkTmux(
  ctx: Pick<AoContext, "exec" | "env">,
  host: DoctorHost,
  required: boolean,
): Promise<DoctorCheck> {
  return checkTool(ctx, {
    id: "tmux",
    binary: "tmux",
    versionArgs: ["-V"],
    required,
    fix: installCommand(host, "tmux"),
    optionalReason: "no project uses the tmux runtime",
  });
}
