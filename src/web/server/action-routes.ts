import { z } from "zod";
import type { AoContext } from "../../core/context.js";
import { type RouteRequest, HttpRefusal } from "../../core/http/index.js";
import type {
  AnswerAnswer,
  InterruptAnswer,
  KillAnswer,
  MergeAnswer,
  QueueAnswer,
  RestoreAnswer,
  ReviewAnswer,
  SendAnswer,
  SpawnAnswer,
} from "../api/types.js";
import { actionAnswer } from "./action-answer.js";
import { jsonBody, type DashboardRoute } from "./dashboard-guard.js";

export interface ActionContext {
  readonly ctx: AoContext;
  /** The daemon's configuration file: every action uses the same one as its cycles. */
  readonly configPath: string;
  readonly token: string;
}

const SendBody = z.strictObject({
  text: z.string().min(1),
  wait: z.enum(["delivered", "queued"]).optional(),
});
const KillBody = z.strictObject({ purge: z.boolean().optional() });
const MergeBody = z.strictObject({
  sha: z.string().regex(/^[0-9a-fA-F]{7,64}$/, "a commit id of 7 to 64 hex digits"),
  method: z.enum(["merge", "squash", "rebase"]).optional(),
});
const QueueBody = z.strictObject({
  sha: z.string().regex(/^[0-9a-fA-F]{7,64}$/, "a commit id of 7 to 64 hex digits"),
});
const ReviewBody = z.discriminatedUnion("action", [
  z.strictObject({ action: z.literal("approve") }),
  z.strictObject({ action: z.literal("request-changes"), body: z.string().min(1) }),
]);
const SpawnBody = z.strictObject({
  project: z.string().min(1),
  issue: z.string().min(1).optional(),
  prompt: z.string().min(1).optional(),
  agent: z.string().min(1).optional(),
  second: z.boolean().optional(),
});
const EmptyBody = z.strictObject({});
const AnswerBody = z.strictObject({ questionId: z.string().min(1), optionId: z.string().min(1) });

/**
 * The dashboard's actions (docs/dashboard.md, "Actions"): each one JSON POST, each through the
 * same core call as its CLI command (`ao send`, `ao session interrupt|restore|kill`, `ao merge
 * --sha`, `ao merge --queue`, `ao review`, `ao spawn`, `ao session answer`), each answering with
 * that call's result.
 */
export function actionRoutes(actions: ActionContext): DashboardRoute[] {
  const { ctx, configPath } = actions;
  const post = <S extends z.ZodType, A>(
    path: string,
    schema: S,
    run: (body: z.infer<S>, id: string) => Promise<A>,
  ): DashboardRoute => ({
    kind: "mutation",
    method: "POST",
    path,
    handle: async (request: RouteRequest) => {
      const body = parsed(schema, await jsonBody(request));
      return actionAnswer(actions.token, () => run(body, request.params.id ?? ""));
    },
  });
  return [
    post("/api/sessions/:id/send", SendBody, (body, id) => send(ctx, configPath, id, body)),
    post("/api/sessions/:id/interrupt", EmptyBody, (_body, id) => interrupt(ctx, configPath, id)),
    post("/api/sessions/:id/restore", EmptyBody, (_body, id) => restore(ctx, configPath, id)),
    post("/api/sessions/:id/kill", KillBody, (body, id) => kill(ctx, configPath, id, body.purge === true)),
    post("/api/sessions/:id/merge", MergeBody, (body, id) => merge(ctx, configPath, id, body)),
    post("/api/sessions/:id/queue", QueueBody, (body, id) => queue(ctx, configPath, id, body.sha)),
    post("/api/sessions/:id/review", ReviewBody, (body, id) => review(ctx, configPath, id, body)),
    post("/api/sessions/:id/answer", AnswerBody, (body, id) => answer(ctx, configPath, id, body)),
    post("/api/spawn", SpawnBody, (body) => spawn(ctx, configPath, body)),
  ];
}

/** The body checked against its schema; 400 naming the first bad key path. */
export function parsed<S extends z.ZodType>(schema: S, value: unknown): z.infer<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const where = issue?.path.length ? `${issue.path.join(".")}: ` : "";
  throw new HttpRefusal(400, `bad request body: ${where}${issue?.message ?? "invalid"}`);
}

async function send(
  ctx: AoContext,
  configPath: string,
  id: string,
  body: z.infer<typeof SendBody>,
): Promise<SendAnswer> {
  const { sendMessage } = await import("../../core/sessions/index.js");
  const result = await sendMessage(
    ctx,
    id,
    { text: body.text },
    { configPath, wait: body.wait ?? "delivered" },
  );
  return {
    session: result.session,
    turnId: result.turn.id,
    turnStatus: result.turn.status,
    confirmed: result.confirmed,
    submitted: result.submitted,
    queuedBehind: result.queuedBehind ?? null,
  };
}

async function interrupt(ctx: AoContext, configPath: string, id: string): Promise<InterruptAnswer> {
  const { interruptSessionTurn } = await import("../../core/turns/index.js");
  const result = await interruptSessionTurn(ctx, id, { configPath });
  return {
    session: result.session,
    turnId: result.turn?.id ?? null,
    turnStatus: result.turn?.status ?? null,
    idle: result.idle,
    activity: result.activity,
    keys: [...result.keys],
  };
}

async function restore(ctx: AoContext, configPath: string, id: string): Promise<RestoreAnswer> {
  const { restoreSession } = await import("../../core/sessions/index.js");
  const result = await restoreSession(ctx, id, { configPath });
  return {
    session: result.session.id,
    action: result.action,
    resumed: result.resumed,
    workspaceRecreated: result.workspaceRecreated,
    status: result.session.status,
    note: result.note ?? null,
  };
}

async function kill(ctx: AoContext, configPath: string, id: string, purge: boolean): Promise<KillAnswer> {
  const { killSession } = await import("../../core/sessions/index.js");
  const result = await killSession(ctx, id, { configPath, purge });
  return {
    session: result.session.id,
    status: result.session.status,
    workspace: result.workspace,
    branch: result.branch,
  };
}

async function merge(
  ctx: AoContext,
  configPath: string,
  id: string,
  body: z.infer<typeof MergeBody>,
): Promise<MergeAnswer> {
  const { mergeSession } = await import("../../core/sessions/index.js");
  const result = await mergeSession(ctx, id, { configPath, expectedSha: body.sha, method: body.method });
  return {
    session: result.session,
    prNumber: result.pr.number,
    sha: result.sha,
    ci: result.ci,
    review: result.review,
  };
}

/** `ao merge --queue <id>`, at the head the page showed. */
async function queue(ctx: AoContext, configPath: string, id: string, sha: string): Promise<QueueAnswer> {
  const { enqueueSessions } = await import("../../core/train/index.js");
  const [entry] = await enqueueSessions(ctx, [id], { configPath, expectedHead: sha });
  if (entry === undefined) throw new Error(`${id} was not queued`);
  return {
    session: entry.session,
    project: entry.project,
    entry: entry.entry,
    position: entry.position,
    state: entry.state,
    already: entry.already,
  };
}

async function review(
  ctx: AoContext,
  configPath: string,
  id: string,
  body: z.infer<typeof ReviewBody>,
): Promise<ReviewAnswer> {
  const { reviewSession } = await import("../../core/sessions/index.js");
  const input = body.action === "approve" ? { approve: true as const } : { requestChanges: body.body };
  const result = await reviewSession(ctx, id, input, { configPath });
  const threadId = result.thread !== undefined && "id" in result.thread ? result.thread.id : null;
  return { session: id, prNumber: result.pr.number, action: body.action, threadId };
}

/** `ao approve <id> <option>` for the question the page showed: another one asked since is refused. */
async function answer(
  ctx: AoContext,
  configPath: string,
  id: string,
  body: z.infer<typeof AnswerBody>,
): Promise<AnswerAnswer> {
  const { answerSession } = await import("../../core/sessions/index.js");
  const result = await answerSession(ctx, id, body.optionId, {
    configPath,
    questionId: body.questionId,
    by: "dashboard",
  });
  return {
    session: result.session,
    questionId: result.question.id,
    option: result.choice,
    confirmed: result.confirmed,
    next: result.next === null ? null : { id: result.next.id, title: result.next.text },
  };
}

async function spawn(
  ctx: AoContext,
  configPath: string,
  body: z.infer<typeof SpawnBody>,
): Promise<SpawnAnswer> {
  if (body.issue === undefined && body.prompt === undefined)
    throw new HttpRefusal(400, "bad request body: give an issue or a prompt");
  const { spawnSession } = await import("../../core/sessions/index.js");
  const { second, ...task } = body;
  const session = await spawnSession(ctx, { ...task, configPath, refuseIfIssueLive: second !== true });
  return { session: session.id, project: session.project, branch: session.branch, status: session.status };
}
