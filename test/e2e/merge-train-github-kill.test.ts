import type { ChildProcess } from "node:child_process";
import { existsSync, readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { RecordedRequest } from "../fakes/github/fake-github.js";
import { runGit } from "../helpers/git-repo.js";
import { killDaemons } from "./e2e-fixture.js";
import { FAULT_SEED, seededRandom } from "./fault-seed.js";
import {
  REPO,
  approvedWork,
  headMerging,
  inMergeQueue,
  makeGitHubTrain,
  mergeRequests,
  until,
  type AgentWork,
  type GitHubTrain,
} from "./merge-train-github-fixture.js";
import {
  entryRows,
  kill9,
  landedCount,
  lastCycleAt,
  startDaemon,
  stepRows,
  trainAt,
} from "./merge-train-kill-fixture.js";

/** The daemon is killed this many times in the run (issue 28: 20 random points). */
const KILLS = 20;
/** Kills spent on the first three entries at the most, before app-4's agent ends its turn. */
const FIRST_KILLS = 12;

/** Six sessions, each changing its own line of app.txt (two unchanged lines apart: no conflicts). */
const WORK: AgentWork[] = [2, 5, 8, 11, 14, 17].map((line, index) => ({
  task: `Change line ${String(line)}`,
  changes: { [line]: `line ${String(line)} by app-${String(index + 1)}` },
}));

/** The requests after whose answer an `answer` kill may come: the merge itself, and the train's reads. */
const ANSWERS: Record<string, (request: RecordedRequest) => boolean> = {
  "the merge API's answer": (r) => r.method === "PUT" && /\/pulls\/\d+\/merge$/.test(r.path),
  "the base branch's head": (r) => r.method === "GET" && r.path.endsWith("/branches/main"),
  "the required checks": (r) => r.path.endsWith("/protection/required_status_checks"),
};

/** A daemon the fake kills right after it answered a request that `match` picks, once. */
interface Armed {
  child: ChildProcess;
  match: (request: RecordedRequest) => boolean;
  fired: boolean;
}

describe("the merge train on GitHub survives kill -9 of the daemon", () => {
  it(
    `merges every pull request once, at a head its required check passed on, through ${String(KILLS)} seeded kills`,
    { timeout: 900_000 },
    async () => {
      console.log(`merge-train-github-kill: seed ${String(FAULT_SEED)} (AO_FAULT_SEED repeats this run)`);
      const random = seededRandom(FAULT_SEED);
      const train = await makeGitHubTrain("required-checks");
      const { e2e, fake } = train;
      const base = runGit(e2e.repo.origin, ["rev-parse", "main"]);
      const armed: { now?: Armed | undefined } = {};
      fake.onAnswer((request) => {
        const now = armed.now;
        if (now === undefined || now.fired || !now.match(request)) return;
        now.fired = true;
        now.child.kill("SIGKILL");
      });
      const ids = await approvedWork(train, WORK);
      // app-4's agent gets a turn that lasts until the test ends it: the train must wait there.
      const release = join(e2e.userHome, "release");
      writeFileSync(train.turnsFile, JSON.stringify({ workUntil: release }));
      const sent = await train.ao(["send", "app-4", "Look over app.txt once more"]);
      expect(sent.exitCode, sent.stderr).toBe(0);
      const branch4 = train.pullOf("app-4")!.head;
      const pushes4 = fake.pushes(REPO).filter((push) => push.branch === branch4);
      expect((await train.ao(["stop"])).exitCode).toBe(0);
      const queued = await train.ao(["merge", "--queue", ...ids]);
      expect(queued.exitCode, queued.stderr).toBe(0);
      const pids: number[] = [];
      try {
        const killedAt = await killUntil(train, { kills: FIRST_KILLS, landed: 3 }, { random, armed, pids });
        // The train waits at app-4 while its agent works: not one push to its branch meanwhile.
        const daemon = startDaemon(e2e, pids);
        await until(() => (landedCount(e2e) >= 3 ? true : undefined), "the first three to land", 180_000);
        await cycles(train, 2);
        expect(entryRows(e2e).find((entry) => entry.session === "app-4")?.state).toBe("queued");
        expect(fake.pushes(REPO).filter((push) => push.branch === branch4)).toEqual(pushes4);
        writeFileSync(release, "");
        await until(
          async () => ((await train.events("turn.ended")).some(isAfterSend("app-4")) ? true : undefined),
          "app-4's turn to end",
        );
        await kill9(daemon);
        killedAt.push(`while the train waited for app-4's agent: ${trainAt(e2e)}`);
        const left = { kills: KILLS - killedAt.length, landed: ids.length };
        killedAt.push(...(await killUntil(train, left, { random, armed, pids })));
        startDaemon(e2e, pids);
        await until(
          () => (landedCount(e2e) === ids.length ? true : undefined),
          "the train to land after the last restart",
          180_000,
        ).catch(async (error: unknown) => {
          throw new Error(`${String(error)}\n${JSON.stringify(await train.queue())}`);
        });
        console.log(
          `merge-train-github-kill: ${String(killedAt.length)} kills at\n  ${killedAt.join("\n  ")}`,
        );
        expect(killedAt).toHaveLength(KILLS);
        await expectMergedOnceAtGreenHeads(train, ids, base);
        await expectNoPushUnderAnOpenTurn(train);
        const scratch = join(e2e.home, "projects", "app", "merge-train");
        expect(existsSync(scratch) ? readdirSync(scratch) : []).toEqual([]);
      } finally {
        killDaemons(pids);
      }
    },
  );

  it(
    "killed between GitHub's merge queue taking a pull request and ao recording it, the restarted daemon follows that entry",
    { timeout: 420_000 },
    async () => {
      const train = await makeGitHubTrain("merge-queue");
      const { e2e, fake } = train;
      const ids = await approvedWork(train, [
        { task: "Change line five", changes: { 5: "five by app-1" } },
        { task: "Change line eighteen", changes: { 18: "eighteen by app-2" } },
      ]);
      expect((await train.ao(["stop"])).exitCode).toBe(0);
      expect((await train.ao(["merge", "--queue", ...ids])).exitCode).toBe(0);
      const pids: number[] = [];
      try {
        let daemon = startDaemon(e2e, pids);
        let killed = false;
        fake.onAnswer((request) => {
          if (killed || enqueued([request]).length === 0) return;
          killed = true;
          daemon.kill("SIGKILL");
        });
        await until(() => daemon.exitCode ?? daemon.signalCode ?? undefined, "the kill at the enqueue");
        const pull1 = train.pullOf("app-1")!;
        expect(inMergeQueue(train, pull1.number)?.queueEntry?.headOid).toBe(pull1.headSha);
        // ao had not recorded it: the entry still says it is being handed over.
        expect(entryRows(e2e).find((entry) => entry.session === "app-1")?.state).toBe("testing");

        daemon = startDaemon(e2e, pids);
        const view = await headMerging(train);
        expect(view).toMatchObject({ session: "app-1", tested: pull1.headSha });
        // GitHub's queue merges it while no daemon runs; the next one records the landing once.
        await kill9(daemon);
        const merged = fake.landFromMergeQueue(REPO, pull1.number);
        daemon = startDaemon(e2e, pids);
        const pull2 = train.pullOf("app-2")!;
        await until(() => inMergeQueue(train, pull2.number), "app-2 in GitHub's merge queue");
        runGit(e2e.repo.origin, ["merge-base", "--is-ancestor", merged, "main"]);
        fake.landFromMergeQueue(REPO, pull2.number);
        await until(() => (landedCount(e2e) === 2 ? true : undefined), "app-2 to be reported landed");

        const numbers = [pull1, pull2].map((pull) => `PR_${String(pull.id)}`);
        expect(enqueued(fake.requests)).toEqual(numbers);
        expect(mergeRequests(fake)).toEqual([]);
        const prMerged = (await train.events("pr.merged")).map((event) => event.sessionId);
        expect(prMerged.sort()).toEqual(ids);
        expect((await train.events("queue.landed")).length).toBe(2);
        const main = runGit(e2e.repo.origin, ["show", "main:app.txt"]);
        for (const line of ["five by app-1", "eighteen by app-2"]) expect(main).toContain(line);
      } finally {
        killDaemons(pids);
      }
    },
  );
});

/** The pull request ids ao asked GitHub's merge queue to take, one per `enqueuePullRequest` sent. */
function enqueued(requests: readonly RecordedRequest[]): string[] {
  return requests
    .filter((request) => request.path === "/graphql" && request.body.includes("enqueuePullRequest"))
    .map((request) => (JSON.parse(request.body) as { variables: { id: string } }).variables.id);
}

interface KillParts {
  random: () => number;
  armed: { now?: Armed | undefined };
  pids: number[];
}

/**
 * Daemons started one after the other, each killed at a seeded point, until `until.landed` entries
 * landed or `until.kills` kills were spent. A third of the kills come a random 0.3–2.5 s into the
 * daemon's life, a third 0–300 ms after the train recorded its next step, a third right after the
 * fake GitHub answered a merge or one of the train's reads — the merge done, the daemon never
 * hearing of it. Returns where each kill found the train.
 */
async function killUntil(
  train: GitHubTrain,
  until: { kills: number; landed: number },
  parts: KillParts,
): Promise<string[]> {
  const { e2e } = train;
  const killedAt: string[] = [];
  while (killedAt.length < until.kills && landedCount(e2e) < until.landed) {
    const before = stepRows(e2e).length;
    const daemon = startDaemon(e2e, parts.pids);
    const pick = parts.random();
    let when: string;
    if (pick < 1 / 3) {
      const delay = 300 + Math.floor(parts.random() * 2200);
      await sleep(delay);
      when = `${String(delay)} ms into its life`;
    } else if (pick < 2 / 3) {
      const delay = Math.floor(parts.random() * 300);
      await nextStep(train, before, until.landed);
      await sleep(delay);
      when = `${String(delay)} ms after a step`;
    } else {
      const names = Object.keys(ANSWERS);
      const name = names[Math.floor(parts.random() * names.length)] ?? "";
      parts.armed.now = { child: daemon, match: ANSWERS[name]!, fired: false };
      await answered(train, daemon, until.landed);
      when = parts.armed.now.fired ? `at ${name}` : `waiting for ${name} (none came)`;
      parts.armed.now = undefined;
    }
    await kill9(daemon);
    killedAt.push(`${when}, ${String(stepRows(e2e).length)} steps: ${trainAt(e2e)}`);
  }
  return killedAt;
}

/** Until the armed kill came, or the entries landed without one (a hang guard, then killed anyway). */
async function answered(train: GitHubTrain, daemon: ChildProcess, landed: number): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (daemon.exitCode === null && daemon.signalCode === null && landedCount(train.e2e) < landed) {
    if (Date.now() > deadline) return;
    await sleep(20);
  }
}

/** Polls the store closely until the train recorded a step after the first `before` ones. */
async function nextStep(train: GitHubTrain, before: number, landed: number): Promise<void> {
  const deadline = Date.now() + 90_000;
  while (stepRows(train.e2e).length <= before && landedCount(train.e2e) < landed) {
    if (Date.now() > deadline) throw new Error(`no train step after ${String(before)} steps`);
    await sleep(20);
  }
}

/** Until the daemon recorded `count` more cycles: the last of them began after this call. */
async function cycles(train: GitHubTrain, count: number): Promise<void> {
  for (let done = 0; done < count; done += 1) {
    const seen = lastCycleAt(train.e2e);
    await until(() => (lastCycleAt(train.e2e) !== seen ? true : undefined), "a daemon cycle");
  }
}

function isAfterSend(
  session: string,
): (event: { sessionId: string | null; payload: Record<string, unknown> }) => boolean {
  return (event) => event.sessionId === session && event.payload["origin"] !== "spawn";
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/**
 * Each pull request merged through the API exactly once (one request each, none refused), with
 * `sha` = the entry's tested head, on which GitHub's CI had reported the required check green; one
 * landing and one `pr.merged` per session; `main` gained one commit per pull request and has every
 * change.
 */
async function expectMergedOnceAtGreenHeads(
  train: GitHubTrain,
  ids: readonly string[],
  base: string,
): Promise<void> {
  const { e2e, fake } = train;
  const entries = entryRows(e2e);
  expect(entries.every((entry) => entry.state === "landed")).toBe(true);
  expect(entries.map((entry) => entry.session).sort()).toEqual([...ids].sort());
  const requests = mergeRequests(fake);
  expect(requests.every((request) => request.status === 200)).toBe(true);
  const steps = stepRows(e2e);
  for (const entry of entries) {
    const pull = train.pullOf(entry.session)!;
    expect(pull.merged).toBe(true);
    expect(requests.filter((request) => request.number === pull.number)).toEqual([
      { number: pull.number, sha: entry.tested, status: 200 },
    ]);
    expect(train.ciRuns).toContainEqual({ sha: entry.tested, branch: pull.head, conclusion: "success" });
    const own = steps.filter((row) => row.entry === entry.entry);
    expect(own.filter((row) => row.step === "testing").at(-1)?.sha).toBe(entry.tested);
    expect(own.filter((row) => row.step === "green").at(-1)?.sha).toBe(entry.tested);
    expect(own.filter((row) => row.step === "landed")).toHaveLength(1);
  }
  expect(requests).toHaveLength(ids.length);
  expect((await train.events("queue.landed")).length).toBe(ids.length);
  const merged = (await train.events("pr.merged")).map((event) => event.sessionId);
  expect(merged.sort()).toEqual([...ids].sort());
  const line = runGit(e2e.repo.origin, ["rev-list", "--first-parent", `${base}..main`]).split("\n");
  expect(line).toHaveLength(ids.length);
  const main = runGit(e2e.repo.origin, ["show", "main:app.txt"]);
  for (const work of WORK) for (const text of Object.values(work.changes)) expect(main).toContain(text);
}

/**
 * Every rewrite of a session's branch on GitHub is a push of a commit the train recorded as that
 * session's candidate, and none came while one of its agent's turns was open (the reflog counts
 * seconds: a push in a second some turn covered from before its start to after its end fails).
 */
async function expectNoPushUnderAnOpenTurn(train: GitHubTrain): Promise<void> {
  const { e2e, fake } = train;
  const events = await train.events("turn.");
  const steps = stepRows(e2e);
  const forced = fake.pushes(REPO).filter((push) => push.forced);
  expect(forced.length).toBeGreaterThan(0);
  for (const push of forced) {
    const session = e2e.sessions().find((candidate) => candidate.branch === push.branch)?.id;
    expect(session, `a force-push to ${push.branch}`).toBeDefined();
    const candidates = steps.filter((row) => row.session === session && row.step === "updated");
    expect(candidates.map((row) => row.sha)).toContain(push.new);
    const turns = new Map<unknown, { from: number; to: number }>();
    for (const event of events.filter((candidate) => candidate.sessionId === session)) {
      const turn = turns.get(event.payload["turnId"]) ?? { from: Infinity, to: Infinity };
      if (event.type === "turn.delivered") turn.from = event.createdAt;
      if (event.type === "turn.ended") turn.to = event.createdAt;
      turns.set(event.payload["turnId"], turn);
    }
    const second = { from: push.at * 1000, to: push.at * 1000 + 1000 };
    const covering = [...turns.values()].filter((turn) => turn.from < second.from && turn.to >= second.to);
    expect(covering, `${push.branch} pushed at ${String(push.at)} under an open turn`).toEqual([]);
  }
}
