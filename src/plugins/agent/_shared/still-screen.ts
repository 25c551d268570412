import type { ActivityProbe, ActivityReport } from "../../../core/plugin-api.js";
import { classifyScreen, liveRegion, type ScreenRule } from "./screen-rules.js";

/** How many of the screen's last lines a person is shown with an unknown dialog. */
const SHOWN_LINES = 4;
const SHOWN_CHARS = 300;

/**
 * A screen that matches none of the agent's known states and has stood still for `windowMs`
 * (`ActivityProbe.screenStillMs`, measured by core across probes) is a question ao does not know
 * yet, such as a dialog a newer CLI added: `needs_input`, with its last lines so a person sees
 * what it asks, never `working`. Undefined while the screen changes, is known, or nobody counted.
 */
export function stillUnknownScreen(
  probe: Pick<ActivityProbe, "screen" | "screenStillMs">,
  rules: readonly ScreenRule[],
  windowMs: number,
): ActivityReport | undefined {
  const { screen, screenStillMs } = probe;
  if (screen === undefined || screenStillMs === undefined || screenStillMs < windowMs) return undefined;
  if (screen.trim() === "" || classifyScreen(screen, rules) !== undefined) return undefined;
  const last = liveRegion(screen, SHOWN_LINES)
    .split("\n")
    .map((line) => line.trim())
    .join(" / ");
  const shown = last.length > SHOWN_CHARS ? `${last.slice(0, SHOWN_CHARS - 1)}…` : last;
  return {
    activity: "needs_input",
    detail: `the screen stood still for ${Math.round(screenStillMs / 1000)}s and shows no state ao knows: ${shown}`,
  };
}
