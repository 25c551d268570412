import type { Command } from "commander";
import type { AoContext, OutputStream } from "../../core/context.js";
import {
  readDaemonStatus,
  recoverySummary,
  type DaemonStatus,
  dashboardAddress,
  servesDashboard,
} from "../../core/daemon-state/index.js";
import {
  listSessionViews,
  watchSessionViews,
  recentlyEndedSessions,
  waitingSpawns,
  limitWindows,
  type EndedSession,
  type LimitWindow,
  type SessionView,
  type SessionsRefresh,
} from "../../core/sessions/index.js";
import { isSessionStatus, isTerminalStatus, type AgentExit, type SpawnWait } from "../../core/store/index.js";
import { formatByteSize } from "../../core/admission/index.js";
import { waitingJson, waitingNotes } from "../spawn-line-text.js";
import { formatAge } from "../age-text.js";
import { conflictCell, conflictsOf, type SessionConflicts } from "../conflict-marks.js";
import { globalOptions, type CliRuntime } from "../cli-runtime.js";
import { jsonFlag } from "../common-flags.js";
import { addFlags, defineFlags, readFlags } from "../flags.js";
import { renderTable, writeJson, writeLines, type Column } from "../render.js";
import { terminalCell } from "../terminal-text.js";
import { holdNotes, holdStatusCell, limitWindowNotes } from "../hold-text.js";
import { missingWorkspaceNotes } from "../workspace-text.js";
import { costText, budgetGapLine } from "../../core/cost/index.js";
import { describeActivity } from "../../core/fleet/index.js";

const WATCH_INTERVAL_MS = 2_000;

const FLAGS = defineFlags({
  ...jsonFlag("print the sessions as JSON"),
  watch: { type: "boolean", description: "redraw every 2 seconds until Ctrl-C" },
  refresh: {
    type: "boolean",
    description: "observe the sessions and their pull requests now (one lifecycle cycle, nothing sent)",
  },
});

export function registerStatusCommand(program: Command, cli: CliRuntime): void {
  const status = program
    .command("status")
    .description("show the active sessions: status, agent activity, runtime liveness");
  addFlags(status, FLAGS).action(
    cli.action(async (ctx, _flags: unknown, command: Command) => {
      const options = await readFlags(FLAGS, command);
      const refresh = options.refresh ? await lifecycleRefresh() : undefined;
      const query = { configPath: globalOptions(command).config, refresh };
      const render = async (views: SessionView[]): Promise<void> => {
        const daemon = await readDaemonStatus(ctx);
        const ended = recentlyEndedSessions(ctx);
        const waiting = waitingSpawns(ctx);
        const limits = limitWindows(ctx);
        const conflicts = await sessionConflicts(ctx);
        renderSessions(ctx.stdout, views, {
          json: options.json,
          now: ctx.clock.now(),
          daemon,
          ended,
          conflicts,
          waiting,
          limits,
        });
      };
      if (!options.watch) {
        await render(await listSessionViews(ctx, query));
        return 0;
      }
      await watchSessionViews(ctx, { ...query, intervalMs: WATCH_INTERVAL_MS }, async (views) => {
        // Clearing is for people; a pipe or a log gets the frames one after another.
        if (ctx.stdout.isTTY === true && !options.json) ctx.stdout.write("\u001b[H\u001b[2J");
        await render(views);
      });
      return 0;
    }),
  );
}

/** What the conflict radar stored, by session (`conflicts` column and JSON field). */
async function sessionConflicts(ctx: AoContext): Promise<SessionConflicts> {
  const { conflictMarks, listConflicts } = await import("../../core/conflicts/index.js");
  return conflictMarks((await listConflicts(ctx)).conflicts);
}

/** `--refresh`: the lifecycle's one cycle that sends nothing, loaded only when asked for. */
async function lifecycleRefresh(): Promise<SessionsRefresh> {
  const { refreshSessions } = await import("../../core/lifecycle/index.js");
  return refreshSessions;
}

/** The session table of `ao status` and `ao session ls`, or `{ "sessions": [...] }` with --json. */
export function renderSessions(
  out: OutputStream,
  views: readonly SessionView[],
  options: {
    json?: boolean | undefined;
    now: number;
    daemon?: DaemonStatus | undefined;
    /** Sessions that ended by themselves lately (`ao status`), named under the table. */
    ended?: readonly EndedSession[] | undefined;
    /** The conflict radar's pairs by session (`ao status`): a column, and `conflicts` per session in JSON. */
    conflicts?: SessionConflicts | undefined;
    /** Spawns waiting to start (`ao status`): named under the table with what each waits for. */
    waiting?: readonly SpawnWait[] | undefined;
    /** Accounts at their usage limit (`ao status`): until when, and how many sessions and spawns wait. */
    limits?: readonly LimitWindow[] | undefined;
  },
): void {
  const { daemon, ended, conflicts, waiting, limits } = options;
  if (options.json === true) {
    writeJson(out, {
      sessions:
        conflicts === undefined
          ? views
          : views.map((view) => ({ ...view, conflicts: conflictsOf(conflicts, view.id) })),
      ...(ended === undefined ? {} : { recentlyEnded: ended }),
      ...(waiting === undefined ? {} : { waiting: waiting.map((wait) => waitingJson(wait, options.now)) }),
      ...(limits === undefined ? {} : { accounts: limits }),
      ...(daemon === undefined ? {} : { daemon, dashboard: dashboardOf(daemon) }),
    });
    return;
  }
  if (views.length === 0)
    writeLines(out, ["no sessions (start one with: ao spawn <project> <issue or task>)"]);
  else
    writeLines(out, [
      ...renderTable(views, columnsFor(views, options.now, conflicts)),
      ...holdNotes(views, options.now),
      ...exitNotes(views),
      ...missingWorkspaceNotes(views),
      ...waitNotes(views),
      ...budgetNotes(views),
    ]);
  if (limits !== undefined && limits.length > 0) writeLines(out, limitWindowNotes(limits, options.now));
  if (waiting !== undefined && waiting.length > 0) writeLines(out, waitingNotes(waiting, options.now));
  if (ended !== undefined && ended.length > 0) writeLines(out, endedNotes(ended));
  if (daemon !== undefined)
    writeLines(out, [daemonLine(daemon, options.now), ...recoveryLines(daemon, options.now)]);
}

/**
 * The sessions that left the active table because their agent died or ao gave up: named, with
 * where to look, and why the agent ended when ao kept it.
 */
function endedNotes(ended: readonly EndedSession[]): string[] {
  const names = ended.map((session) => `${session.id} (${session.status})`).join(", ");
  const count = ended.length === 1 ? "1 session" : `${ended.length} sessions`;
  const first = ended[0]?.id ?? "<session>";
  return [
    "",
    `${count} ended by itself in the last 24h: ${names}`,
    `  see them with: ao session ls --all; read one's last screen with: ao session logs ${first}`,
    ...ended.flatMap((session) => (session.exit === null ? [] : exitNote(session.id, session.exit))),
  ];
}

/**
 * `dashboard.url` while the running daemon serves it: the address without the token (status output
 * is pasted into bug reports; `ao dashboard` prints the login URL). null otherwise.
 */
function dashboardOf(daemon: DaemonStatus): { url: string } | null {
  if (!daemon.running || daemon.port === undefined || !servesDashboard(daemon.routeSets)) return null;
  return { url: dashboardAddress(daemon.port) };
}

/**
 * Columns only some fleets need: `conflict` after `status` when the conflict radar found one (the
 * other side, `ao conflicts` has the files), `commander` after `status` when a session is a control-plane
 * worker, `where` after `runtime` when a session runs in a container or pod (its runtime's
 * placement), `mem` after `cost` when a runtime gives its agents' process ids (tmux: what each agent's
 * process tree takes, which admission learns from). A fleet of local tmux sessions keeps the narrow table.
 */
function columnsFor(
  views: readonly SessionView[],
  now: number,
  conflicts: SessionConflicts | undefined,
): readonly Column<SessionView>[] {
  let columns = sessionColumns(now);
  if (conflicts !== undefined && views.some((view) => conflicts.has(view.id)))
    columns = insertAfter(columns, "status", {
      header: "conflict",
      value: (view) => conflictCell(conflicts, view.id),
    });
  if (views.some((view) => view.commander !== null))
    columns = insertAfter(columns, "status", { header: "commander", value: (view) => view.commander ?? "-" });
  if (views.some((view) => view.memoryBytes !== null))
    columns = insertAfter(columns, "cost", {
      header: "mem",
      value: (view) => (view.memoryBytes === null ? "-" : formatByteSize(view.memoryBytes)),
    });
  if (views.some((view) => view.runtime.placement !== null))
    columns = insertAfter(columns, "runtime", { header: "where", value: (view) => placementCell(view) });
  return columns;
}

function insertAfter(
  columns: readonly Column<SessionView>[],
  header: string,
  column: Column<SessionView>,
): readonly Column<SessionView>[] {
  const at = columns.findIndex((existing) => existing.header === header) + 1;
  return [...columns.slice(0, at), column, ...columns.slice(at)];
}

/** `container ao-1f2e-app-1`, `pod app-1 on node-a`. */
function placementCell(view: SessionView): string {
  const { placement } = view.runtime;
  if (placement === null) return "-";
  return `${placement.kind} ${placement.name}${placement.node === null ? "" : ` on ${placement.node}`}`;
}

/** "daemon: running (pid 4242, port 3000), last poll 12s ago" or how to start it. */
function daemonLine(daemon: DaemonStatus, now: number): string {
  if (!daemon.running) return "daemon: not running (start it with: ao start)";
  const where = daemon.pid === undefined ? "starting" : `pid ${daemon.pid}, port ${daemon.port ?? "?"}`;
  const poll =
    daemon.lastCycle === undefined ? "no poll yet" : `last poll ${formatAge(now - daemon.lastCycle.at)} ago`;
  const dashboard = dashboardOf(daemon);
  return `daemon: running (${where}), ${poll}${dashboard === null ? "" : `; dashboard ${dashboard.url} (ao dashboard)`}`;
}

/** "daemon recovered 2m ago (tmux-server-lost): restored app-1 (conversation resumed), …". */
function recoveryLines(daemon: DaemonStatus, now: number): string[] {
  const last = daemon.lastRecovery;
  if (last === undefined) return [];
  const age = formatAge(now - last.at);
  return [`daemon recovered ${age} ago (${last.payload.trigger}): ${recoverySummary(last.payload)}`];
}

/** The table's columns; `now` for how long a held session still waits. */
const sessionColumns = (now: number): readonly Column<SessionView>[] => [
  { header: "session", value: (view) => view.id },
  { header: "project", value: (view) => view.project },
  { header: "issue", value: (view) => view.issue ?? "-" },
  { header: "branch", value: (view) => view.branch },
  { header: "status", value: (view) => statusCell(view, now) },
  { header: "pr", value: (view) => (view.pr === null ? "-" : `#${view.pr.number}`) },
  { header: "ci", value: (view) => ciCell(view) },
  { header: "review", value: (view) => reviewCell(view) },
  { header: "activity", value: (view) => describeActivity(view.status, view.activity?.state) },
  { header: "runtime", value: (view) => runtimeCell(view) },
  { header: "cost", value: (view) => costCell(view) },
  { header: "age", value: (view) => formatAge(view.ageMs) },
  { header: "worktree", value: (view) => view.worktree },
];

/** The cost, and `budget not enforced` when a budget in force cannot be checked (the why is under the table). */
function costCell(view: SessionView): string {
  const cost = view.cost?.recorded === true ? costText(view.cost) : "unknown";
  return view.unenforcedBudgets.length === 0 ? cost : `${cost}, budget not enforced`;
}

/** Why a budget cannot be enforced, under the table: a budget that only looks enforced is worse than none. */
function budgetNotes(views: readonly SessionView[]): string[] {
  const lines = views.flatMap((view) =>
    view.unenforcedBudgets.map(({ why }) =>
      budgetGapLine({ sessionId: view.id, agent: view.agent.name, why }),
    ),
  );
  return lines.length === 0 ? [] : ["", ...lines];
}

/** `failing: lint, test` names what to look at; the URLs are in --json. */
function ciCell(view: SessionView): string {
  const ci = view.pr?.ci;
  if (ci === undefined || ci === null) return "-";
  if (ci.state !== "failing" || ci.failing.length === 0) return ci.state;
  return `failing: ${ci.failing.map((check) => check.name).join(", ")}`;
}

function reviewCell(view: SessionView): string {
  const review = view.pr?.review;
  if (review === undefined || review === null) return "-";
  return review.unresolvedThreads === 0
    ? review.decision
    : `${review.decision} (${review.unresolvedThreads} open)`;
}

/**
 * Why agents ended, under the table (a row stays one line): for each session whose agent exited,
 * its exit code and the last lines it printed, as kept when ao first saw it exit.
 */
function exitNotes(views: readonly SessionView[]): string[] {
  return views.flatMap((view) => {
    const { exit } = view;
    if (exit === null || (view.status !== "exited" && view.runtime.liveness !== "exited")) return [];
    return exitNote(view.id, exit);
  });
}

/** What each waiting agent waits for, under the table, as its agent plugin read it from the screen. */
function waitNotes(views: readonly SessionView[]): string[] {
  const lines = views.flatMap((view) => {
    const { activity } = view;
    if (activity?.state !== "needs_input" || activity.detail === undefined) return [];
    const line = `${view.id} needs_input: ${terminalCell(activity.detail)}`;
    if (activity.question === undefined) return [line];
    return [line, `  answer with: ao approve ${view.id} [option-id], or ao deny ${view.id}`];
  });
  return lines.length === 0 ? [] : ["", ...lines];
}

function exitNote(id: string, exit: Pick<AgentExit, "exitCode" | "lastLines">): string[] {
  const code = exit.exitCode === null ? "without an exit code" : `with exit code ${exit.exitCode}`;
  const lines = exit.lastLines.map((line) => `  ${terminalCell(line)}`);
  const said = lines.length === 0 ? ", printing nothing ao could read" : "; its last lines:";
  return ["", `${id}: the agent exited ${code}${said}`, ...lines];
}

/**
 * The stored status, unless the runtime already says the agent exited and the lifecycle has not
 * caught up (it confirms an exit on its next cycles): `working` beside `exited 1` is a contradiction.
 * A held session says until when (hold-text.ts).
 */
function statusCell(view: SessionView, now: number): string {
  const { status } = view;
  if (view.runtime.liveness !== "exited" || !isSessionStatus(status) || isTerminalStatus(status))
    return holdStatusCell(view, status, now);
  return "exited";
}

function runtimeCell(view: SessionView): string {
  const { liveness, exitCode } = view.runtime;
  if (liveness === "exited")
    return exitCode === null || exitCode === undefined ? "exited" : `exited ${exitCode}`;
  return liveness === "not_started" ? "-" : liveness;
}
