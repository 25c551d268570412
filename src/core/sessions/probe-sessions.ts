import type {
  ActivityReport,
  Agent,
  Liveness,
  Runtime,
  RuntimeHandle,
  RuntimePlacement,
} from "../slots/index.js";
import type { PluginRegistry } from "../registry/plugin-registry.js";
import type { AgentExit, Session } from "../store/index.js";
import { checkoutGone } from "./checkout-gone.js";
import { EXIT_SCREEN_LINES, exitLines } from "./exit-lines.js";
import { storedHandle } from "../session-plugins/runtime-handle.js";
import type { SessionPluginOptions } from "../session-plugins/session-plugins.js";
import type { ScreenStillness } from "./screen-stillness.js";
import { messageOf } from "../errors.js";
import { screenDialog, type ScreenDialog } from "./screen-dialog.js";
import { prefetchScreens } from "./screen-prefetch.js";
import { screenReader, type ReadScreen, type ScreenMemory } from "./screen-reader.js";

export interface SessionProbe {
  /** Undefined when the session has no runtime handle (never started, or a spawn before its runtime). */
  liveness?: Liveness | undefined;
  /** Only for live sessions. */
  activity?: ActivityReport | undefined;
  /** Where the session runs, when its runtime says (Runtime.placement: a container, a pod and node). */
  placement?: RuntimePlacement | undefined;
  /**
   * Only when this probe is the first to see the agent exited (the session has no `exit` yet): its
   * exit code and last lines, for the caller to keep (`recordExit`).
   */
  exit?: Omit<AgentExit, "seenAt"> | undefined;
  /** Only for live sessions: their checkout no longer exists on this machine (checkout-gone.ts). */
  workspaceMissing?: true | undefined;
  /** With `needs_input` and no question as data: the dialog on the agent's screen, when it lists choices. */
  dialog?: ScreenDialog | undefined;
}

/** How much of a screen a probe reads: what the dialog reading of the cycle and of an answer share. */
export const SCREEN_LINES = 60;
const ACTIVITY_CONCURRENCY = 8;

/**
 * What the runtimes and agents say about these sessions now: one batched liveness probe per runtime
 * (`livenessMany`, else one `liveness` per session), then the agent's activity for the live ones.
 * An agent is first asked without a screen (hook files answer for free); when it cannot tell, or
 * says `working`, the screen is captured and the agent asked again with it and, given `still`, how
 * long that screen has stood still: a dialog the hooks never report (a new one of a newer CLI)
 * looks like work to them, and only a screen that stops changing tells it apart. A failing probe
 * yields `unknown`, never an error.
 * An agent seen exited for the first time has its last lines read (a runtime keeps a dead session readable).
 * A live session whose checkout is gone from this machine is marked `workspaceMissing`.
 * With `screens` (the daemon's look memory), a screen whose runtime stamp has not changed since it
 * was captured is taken from there instead of captured again (screen-reader.ts).
 */
export async function probeSessions(
  sessions: readonly Session[],
  registry: PluginRegistry,
  optionsFor: SessionPluginOptions = () => undefined,
  still?: ScreenStillness,
  screens?: ScreenMemory,
): Promise<Map<string, SessionProbe>> {
  const probes = new Map<string, SessionProbe>();
  const started = sessions.flatMap((session) => {
    const handle = storedHandle(session);
    return handle === undefined ? [] : [{ session, handle }];
  });
  // Sessions share a runtime instance (and its batched probe) when they share its name and options.
  const byRuntime = groupBy(started, (entry) =>
    JSON.stringify([entry.session.runtime, optionsFor(entry.session, "runtime")]),
  );
  await Promise.all(
    [...byRuntime.values()].map(async (entries) => {
      const first = entries[0]!.session;
      const runtime = await registry
        .resolve("runtime", first.runtime, optionsFor(first, "runtime"))
        .catch((error: unknown) => error as Error);
      const states =
        runtime instanceof Error
          ? entries.map(() => unknown(runtime))
          : await livenessOf(
              runtime,
              entries.map((entry) => entry.handle),
            );
      entries.forEach((entry, index) =>
        probes.set(entry.session.id, { liveness: states[index] ?? unknown("no answer") }),
      );
      if (runtime instanceof Error) return;
      for (const entry of entries) placeOf(runtime, entry.handle, probes.get(entry.session.id));
      const live = entries.filter((entry) => probes.get(entry.session.id)?.liveness?.state === "alive");
      await prefetchScreens(
        runtime,
        live.map((entry) => ({
          ...entry,
          sessionId: entry.session.id,
          liveness: probes.get(entry.session.id)?.liveness,
        })),
        screens,
      );
      await inBatches(live, ACTIVITY_CONCURRENCY, async (entry) => {
        const probe = probes.get(entry.session.id);
        if (probe) {
          const agent = registry.resolve("agent", entry.session.agent, optionsFor(entry.session, "agent"));
          const read = screenReader(runtime, entry, probe.liveness, screens);
          const seen = await activityOf(agent, read, entry.session, still);
          probe.activity = seen.report;
          if (seen.dialog !== undefined) probe.dialog = seen.dialog;
          if (await checkoutGone(runtime, entry.session.worktree)) probe.workspaceMissing = true;
        }
      });
      const ended = entries.filter((entry) => entry.session.exit === null);
      await inBatches(ended, ACTIVITY_CONCURRENCY, async (entry) => {
        const probe = probes.get(entry.session.id);
        if (probe?.liveness?.state === "exited")
          probe.exit = await exitOf(runtime, entry.handle, probe.liveness);
      });
    }),
  );
  return probes;
}

/** Read from the handle alone (no call); a runtime that throws here simply has no placement shown. */
function placeOf(runtime: Runtime, handle: RuntimeHandle, probe: SessionProbe | undefined): void {
  if (probe === undefined || runtime.placement === undefined) return;
  try {
    probe.placement = runtime.placement(handle);
  } catch {
    probe.placement = undefined;
  }
}

async function livenessOf(runtime: Runtime, handles: RuntimeHandle[]): Promise<Liveness[]> {
  try {
    if (runtime.livenessMany) return await runtime.livenessMany(handles);
    return await Promise.all(
      handles.map((handle) => runtime.liveness(handle).catch((error: unknown) => unknown(error))),
    );
  } catch (error) {
    return handles.map(() => unknown(error));
  }
}

async function activityOf(
  resolvingAgent: Promise<Agent>,
  read: ReadScreen | undefined,
  session: Session,
  still: ScreenStillness | undefined,
): Promise<{ report: ActivityReport; dialog?: ScreenDialog | undefined }> {
  try {
    const agent = await resolvingAgent;
    const probe = {
      sessionId: session.id,
      worktree: session.worktree,
      liveness: { state: "alive" } as const,
      ...(session.agentSessionId === null ? {} : { agentSessionId: session.agentSessionId }),
    };
    const first = await agent.activity(probe);
    const unsure = first.activity === "unknown" || (first.activity === "working" && still !== undefined);
    if (!unsure || read === undefined) return await withDialog(first, read);
    const screen = await read(SCREEN_LINES);
    const stillMs = still?.stillFor(session.id, screen);
    const report = await agent.activity({
      ...probe,
      screen,
      ...(stillMs === undefined ? {} : { screenStillMs: stillMs }),
    });
    return await withDialog(report, read, screen);
  } catch (error) {
    return { report: { activity: "unknown", detail: messageOf(error) } };
  }
}

/**
 * A terminal agent that waits for a person shows its question on screen only: the dialog there
 * (its words and choices) is read, from the screen already captured or one captured now.
 */
async function withDialog(
  report: ActivityReport,
  read: ReadScreen | undefined,
  screen?: string,
): Promise<{ report: ActivityReport; dialog?: ScreenDialog | undefined }> {
  if (report.activity !== "needs_input" || report.question !== undefined || read === undefined)
    return { report };
  const shown = screen ?? (await read(SCREEN_LINES).catch(() => ""));
  return { report, dialog: screenDialog(shown) };
}

/**
 * The exit code and the last lines on the dead pane (or in the log). A capture that fails leaves
 * the exit unrecorded, so the next probe tries again; a runtime that cannot capture has no lines.
 */
async function exitOf(
  runtime: Runtime,
  handle: RuntimeHandle,
  liveness: Extract<Liveness, { state: "exited" }>,
): Promise<SessionProbe["exit"]> {
  if (runtime.capture === undefined) return { exitCode: liveness.exitCode, lastLines: [] };
  try {
    const screen = await runtime.capture(handle, { lines: EXIT_SCREEN_LINES });
    return { exitCode: liveness.exitCode, lastLines: exitLines(screen) };
  } catch {
    return undefined;
  }
}

function unknown(error: unknown): Liveness {
  return { state: "unknown", reason: messageOf(error) };
}

function groupBy<T>(items: readonly T[], key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const name = key(item);
    groups.set(name, [...(groups.get(name) ?? []), item]);
  }
  return groups;
}

async function inBatches<T>(
  items: readonly T[],
  size: number,
  run: (item: T) => Promise<void>,
): Promise<void> {
  for (let start = 0; start < items.length; start += size)
    await Promise.all(items.slice(start, start + size).map(run));
}
