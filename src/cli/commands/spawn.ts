import type { Command } from "commander";
import type { AoContext } from "../../core/context.js";
import { AoError } from "../../core/errors.js";
import type { BatchResult, SpawnRequest } from "../../core/sessions/index.js";
import type { Session } from "../../core/store/index.js";
import { globalOptions, type CliRuntime } from "../cli-runtime.js";
import { writeJson, writeLines } from "../render.js";

interface SpawnFlags {
  prompt?: string;
  agent?: string;
  branch?: string;
  claimPr?: string;
  open?: boolean;
  json?: boolean;
  queue?: boolean;
  queueTimeout: string;
}

const DEFAULT_QUEUE_TIMEOUT = "30m";

export function registerSpawnCommand(program: Command, cli: CliRuntime): void {
  program
    .command("spawn")
    .description("start an agent on one task, in its own worktree, branch and runtime session")
    .argument("<project>", "project id from agent-orchestrator.yaml")
    .argument("[issue]", "a tracker issue (12, #12, a URL) or the task in words")
    .option("--prompt <text>", "the task, or extra instructions when an issue is given")
    .option("--agent <name>", "another agent plugin than the project's")
    .option("--branch <name>", "the branch to create instead of one named after the task")
    .option(
      "--claim-pr <pr>",
      "take over this existing open PR (42, #42, a URL): the session works on its branch",
    )
    .option("--open", "attach to the session once it runs")
    .option("--json", "print the session as JSON")
    .option("--queue", "when maxSessions is reached, wait for a free slot instead of failing")
    .option(
      "--queue-timeout <duration>",
      "how long --queue waits at most (e.g. 90s, 30m, 2h)",
      DEFAULT_QUEUE_TIMEOUT,
    )
    .addHelpText(
      "after",
      '\nExamples:\n  ao spawn app 12\n  ao spawn app "Fix the flaky login test" --agent codex\n  ao spawn app --claim-pr 42        # continue an existing pull request\n',
    )
    .action(
      cli.action(
        async (ctx, project: string, issue: string | undefined, flags: SpawnFlags, command: Command) => {
          const [{ spawnSession }, queueTimeoutMs] = await Promise.all([
            import("../../core/sessions/index.js"),
            parseQueueTimeout(flags.queueTimeout),
          ]);
          const request = {
            project,
            issue,
            prompt: flags.prompt,
            agent: flags.agent,
            branch: flags.branch,
            configPath: globalOptions(command).config,
            queue: flags.queue,
            queueTimeoutMs,
          };
          const session =
            flags.claimPr === undefined
              ? await spawnSession(ctx, request)
              : await spawnAndClaim(ctx, request, flags.claimPr);
          await printSession(ctx, session, flags.json, globalOptions(command).config);
          if (flags.open === true) await attach(ctx, session.id, command);
          return 0;
        },
      ),
    );

  program
    .command("batch-spawn")
    .description("spawn one session per issue, skipping issues that already have a live session")
    .argument("<project>", "project id from agent-orchestrator.yaml")
    .argument("[issues...]", "tracker issues (or tasks in words, each quoted)")
    .option(
      "--label <name>",
      "instead of naming issues: the open issues with this label (repeatable)",
      collect,
    )
    .option("--assignee <user>", "instead of naming issues: the open issues assigned to this user")
    .option("--agent <name>", "another agent plugin than the project's")
    .option("--json", "print the results as JSON")
    .option("--queue", "when maxSessions is reached, wait for a free slot instead of failing")
    .option("--queue-timeout <duration>", "how long --queue waits at most, per issue", DEFAULT_QUEUE_TIMEOUT)
    .action(
      cli.action(async (ctx, project: string, issues: string[], flags: BatchFlags, command: Command) => {
        const select = issueSelection(issues, flags);
        const [{ batchSpawn }, queueTimeoutMs] = await Promise.all([
          import("../../core/sessions/index.js"),
          parseQueueTimeout(flags.queueTimeout),
        ]);
        const results = await batchSpawn(ctx, {
          project,
          issues,
          select,
          agent: flags.agent,
          configPath: globalOptions(command).config,
          queue: flags.queue,
          queueTimeoutMs,
        });
        if (flags.json === true) writeJson(ctx.stdout, { results });
        else writeLines(ctx.stdout, results.map(batchLine));
        return results.some((result) => result.outcome === "failed") ? 1 : 0;
      }),
    );
}

interface BatchFlags extends SpawnFlags {
  label?: string[];
  assignee?: string;
}

function collect(value: string, previous: string[] | undefined): string[] {
  return [...(previous ?? []), value];
}

/** Issues are named, or selected by label/assignee: exactly one of the two. */
function issueSelection(
  issues: string[],
  flags: BatchFlags,
): { labels: string[]; assignee?: string } | undefined {
  const labels = flags.label ?? [];
  const selecting = labels.length > 0 || flags.assignee !== undefined;
  if (selecting && issues.length > 0) {
    throw new AoError("E_USAGE", "name issues or select them with --label/--assignee, not both", {
      hint: "e.g. ao batch-spawn app --label agent, or ao batch-spawn app 12 14",
    });
  }
  if (!selecting && issues.length === 0) {
    throw new AoError(
      "E_USAGE",
      "batch-spawn needs issues: name them or select them with --label/--assignee",
      {
        hint: "e.g. ao batch-spawn app --label agent, or ao batch-spawn app 12 14",
      },
    );
  }
  if (!selecting) return undefined;
  return { labels, ...(flags.assignee === undefined ? {} : { assignee: flags.assignee }) };
}

async function parseQueueTimeout(text: string): Promise<number> {
  const { parseDuration } = await import("../../core/config/index.js");
  try {
    return parseDuration(text);
  } catch {
    throw new AoError("E_USAGE", `--queue-timeout "${text}" is not a duration`, {
      hint: "write it with a unit, e.g. 90s, 30m or 2h",
    });
  }
}

async function spawnAndClaim(ctx: AoContext, request: SpawnRequest, ref: string): Promise<Session> {
  const { spawnClaimingPr } = await import("../../core/sessions/index.js");
  const claim = await spawnClaimingPr(ctx, request, ref);
  ctx.stderr.write(`${claim.session.id}: claimed PR #${String(claim.pr.number)} (${claim.pr.url})\n`);
  return claim.session;
}

async function printSession(
  ctx: AoContext,
  session: Session,
  json: boolean | undefined,
  configPath: string | undefined,
): Promise<void> {
  if (json === true) {
    const { listSessionViews } = await import("../../core/sessions/index.js");
    const [view] = await listSessionViews(ctx, { ids: [session.id], configPath });
    writeJson(ctx.stdout, view);
    return;
  }
  ctx.stderr.write(`${session.id}: ${session.status} on branch ${session.branch} in ${session.worktree}\n`);
  writeLines(ctx.stdout, [session.id]);
}

async function attach(ctx: AoContext, id: string, command: Command): Promise<void> {
  const { attachSession } = await import("../../core/sessions/index.js");
  await attachSession(ctx, id, { configPath: globalOptions(command).config });
}

function batchLine(result: BatchResult): string {
  switch (result.outcome) {
    case "spawned":
      return `spawned  ${result.issue}  ${result.session ?? ""}  ${result.branch ?? ""}`.trimEnd();
    case "skipped":
      return `skipped  ${result.issue}  ${result.session ?? ""} is already working on it`;
    case "failed":
      return `failed   ${result.issue}  ${result.error?.message ?? "unknown error"}`;
  }
}
