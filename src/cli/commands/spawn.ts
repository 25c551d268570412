import type { Command } from "commander";
import type { AoContext } from "../../core/context.js";
import { AoError } from "../../core/errors.js";
import type { BatchResult, SpawnRequest } from "../../core/sessions/index.js";
import type { Session } from "../../core/store/index.js";
import { globalOptions, type CliRuntime } from "../cli-runtime.js";
import { jsonFlag } from "../common-flags.js";
import { addFlags, defineFlags, readFlags, type Flags } from "../flags.js";
import { writeJson, writeLines } from "../render.js";

const QUEUE_FLAGS = defineFlags({
  queue: {
    type: "boolean",
    description: "when maxSessions is reached, wait for a free slot instead of failing",
  },
});

const SPAWN_FLAGS = defineFlags({
  prompt: {
    type: "string",
    value: "text",
    description: "the task, or extra instructions when an issue is given",
  },
  agent: { type: "string", value: "name", description: "another agent plugin than the project's" },
  branch: {
    type: "string",
    value: "name",
    description: "the branch to create instead of one named after the task",
  },
  claimPr: {
    type: "string",
    value: "pr",
    description: "take over this existing open PR (42, #42, a URL): the session works on its branch",
  },
  open: { type: "boolean", description: "attach to the session once it runs" },
  ...jsonFlag("print the session as JSON"),
  ...QUEUE_FLAGS,
  queueTimeout: {
    type: "duration",
    description: "how long --queue waits at most (e.g. 90s, 30m, 2h)",
    default: "30m",
  },
});

const BATCH_FLAGS = defineFlags({
  label: {
    type: "list",
    value: "name",
    description: "instead of naming issues: the open issues with this label (repeatable)",
  },
  assignee: {
    type: "string",
    value: "user",
    description: "instead of naming issues: the open issues assigned to this user",
  },
  agent: SPAWN_FLAGS.agent,
  ...jsonFlag("print the results as JSON"),
  ...QUEUE_FLAGS,
  queueTimeout: {
    type: "duration",
    description: "how long --queue waits at most, per issue",
    default: "30m",
  },
});

/** `ao spawn` (one task) and `ao batch-spawn` (one session per issue). */
export function registerSpawnCommand(program: Command, cli: CliRuntime): void {
  const spawn = program
    .command("spawn")
    .description("start an agent on one task, in its own worktree, branch and runtime session")
    .argument("<project>", "project id from agent-orchestrator.yaml")
    .argument("[issue]", "a tracker issue (12, #12, a URL) or the task in words")
    .addHelpText(
      "after",
      '\nExamples:\n  ao spawn app 12\n  ao spawn app "Fix the flaky login test" --agent codex\n  ao spawn app --claim-pr 42        # continue an existing pull request\n',
    );
  addFlags(spawn, SPAWN_FLAGS).action(
    cli.action(async (ctx, project: string, issue: string | undefined, _flags: unknown, command: Command) => {
      const flags = await readFlags(SPAWN_FLAGS, command);
      const { spawnSession } = await import("../../core/sessions/index.js");
      const request = {
        project,
        issue,
        prompt: flags.prompt,
        agent: flags.agent,
        branch: flags.branch,
        configPath: globalOptions(command).config,
        queue: flags.queue,
        queueTimeoutMs: flags.queueTimeout,
      };
      const session =
        flags.claimPr === undefined
          ? await spawnSession(ctx, request)
          : await spawnAndClaim(ctx, request, flags.claimPr);
      await printSession(ctx, session, flags.json, globalOptions(command).config);
      if (flags.open) await attach(ctx, session.id, command);
      return 0;
    }),
  );

  const batch = program
    .command("batch-spawn")
    .description("spawn one session per issue, skipping issues that already have a live session")
    .argument("<project>", "project id from agent-orchestrator.yaml")
    .argument("[issues...]", "tracker issues (or tasks in words, each quoted)");
  addFlags(batch, BATCH_FLAGS).action(
    cli.action(async (ctx, project: string, issues: string[], _flags: unknown, command: Command) => {
      const flags = await readFlags(BATCH_FLAGS, command);
      const select = issueSelection(issues, flags);
      const { batchSpawn } = await import("../../core/sessions/index.js");
      const results = await batchSpawn(ctx, {
        project,
        issues,
        select,
        agent: flags.agent,
        configPath: globalOptions(command).config,
        queue: flags.queue,
        queueTimeoutMs: flags.queueTimeout,
      });
      if (flags.json) writeJson(ctx.stdout, { results });
      else writeLines(ctx.stdout, results.map(batchLine));
      return results.some((result) => result.outcome === "failed") ? 1 : 0;
    }),
  );
}

/** Issues are named, or selected by label/assignee: exactly one of the two. */
function issueSelection(
  issues: string[],
  flags: Pick<Flags<typeof BATCH_FLAGS>, "label" | "assignee">,
): { labels: string[]; assignee?: string } | undefined {
  const labels = flags.label;
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

async function spawnAndClaim(ctx: AoContext, request: SpawnRequest, ref: string): Promise<Session> {
  const { spawnClaimingPr } = await import("../../core/sessions/index.js");
  const claim = await spawnClaimingPr(ctx, request, ref);
  ctx.stderr.write(`${claim.session.id}: claimed PR #${String(claim.pr.number)} (${claim.pr.url})\n`);
  return claim.session;
}

async function printSession(
  ctx: AoContext,
  session: Session,
  json: boolean,
  configPath: string | undefined,
): Promise<void> {
  if (json) {
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
