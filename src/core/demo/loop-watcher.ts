import type { AoContext } from "../context.js";
import { git } from "../git.js";
import { eventIs, readFeed } from "../events/event-feed.js";
import { listEvents, requireSession, type Session, type Store, type StoredEvent } from "../store/index.js";
import type { StepLog } from "./demo-steps.js";
import { stepForEvent } from "./event-steps.js";

/**
 * Turns what happens in the sandbox into steps, as it happens: the store's events (what the
 * lifecycle engine did), the session's last pull request observation (CI runs), and the branch in
 * the repository (the agent's commits). Each poll reports only what is new since the last one.
 */
export class LoopWatcher {
  readonly #ctx: Pick<AoContext, "exec">;
  readonly #store: Store;
  readonly #sessionId: string;
  readonly #repo: string;
  readonly #log: StepLog;
  readonly #ciLabel: string;
  #afterEventId: number;
  #branchTip: string | undefined;
  readonly #ciReported = new Map<string, string>();
  readonly #delivered = new Set<string>();

  constructor(input: {
    ctx: Pick<AoContext, "exec">;
    store: Store;
    session: Session;
    repo: string;
    log: StepLog;
    /** The project's CI commands, for the "CI running" line. */
    ciLabel: string;
  }) {
    this.#ctx = input.ctx;
    this.#store = input.store;
    this.#sessionId = input.session.id;
    this.#repo = input.repo;
    this.#log = input.log;
    this.#ciLabel = input.ciLabel;
    // The spawn's own events were reported as the "spawned" step.
    this.#afterEventId = listEvents(input.store, { limit: 1, fromEnd: true }).at(-1)?.id ?? 0;
  }

  /**
   * Reports what is new and returns the session as stored now. The store is cheap to read; git is
   * a process per look, so the branch is looked at only when asked (once per lifecycle cycle) or
   * when there are new events, which may be about a commit (a pull request opened for it).
   */
  async poll(options: { commits: boolean }): Promise<Session> {
    const session = requireSession(this.#store, this.#sessionId);
    const events = this.#newEvents();
    if (options.commits || events.length > 0) await this.#reportCommits(session.branch);
    this.#reportEvents(events);
    const latest = requireSession(this.#store, this.#sessionId);
    this.#reportCi(latest);
    return latest;
  }

  /** Whether a reaction (e.g. `approved-and-green`) has been delivered. */
  delivered(reaction: string): boolean {
    return this.#delivered.has(reaction);
  }

  async #reportCommits(branch: string): Promise<void> {
    // The branch starts at the base's tip: only what is added on top of it is the agent's.
    this.#branchTip ??= await this.#revParse("refs/heads/main");
    const tip = await this.#revParse(`refs/heads/${branch}`);
    if (tip === undefined || tip === this.#branchTip) return;
    const range = this.#branchTip === undefined ? [tip, "-1"] : [`${this.#branchTip}..${tip}`];
    this.#branchTip = tip;
    const log = await git(this.#ctx, this.#repo, ["log", "--reverse", "--format=%h%x09%s", ...range], {
      reject: false,
    });
    for (const line of log.stdout.split("\n").filter(Boolean)) {
      const [sha = "", subject = ""] = line.split("\t");
      this.#log.add("agent_committed", `the agent committed ${sha} "${subject}"`);
    }
  }

  /** Everything after the cursor, page by page: the demo follows the feed like any follower. */
  #newEvents(): StoredEvent[] {
    const events: StoredEvent[] = [];
    for (let more = true; more;) {
      const page = readFeed(this.#store, { after: this.#afterEventId });
      events.push(...page.events);
      this.#afterEventId = page.cursor;
      more = page.more;
    }
    return events;
  }

  #reportEvents(events: readonly StoredEvent[]): void {
    for (const event of events) {
      if (eventIs(event, "reaction.delivered")) this.#delivered.add(event.payload.reaction);
      if (eventIs(event, "lifecycle.ci_failed")) this.#ciReported.set(event.payload.headSha, "failing");
      const step = stepForEvent(event);
      if (step !== undefined) this.#log.add(step.kind, step.title, step.detail);
    }
  }

  /** CI running and CI passed come from the observation the engine stored (failures are events). */
  #reportCi(session: Session): void {
    const pr = session.prState;
    if (pr === null || pr.ci.state === "none" || pr.ci.state === "failing") return;
    if (this.#ciReported.get(pr.headSha) === pr.ci.state) return;
    this.#ciReported.set(pr.headSha, pr.ci.state);
    const sha = pr.headSha.slice(0, 7);
    if (pr.ci.state === "pending") this.#log.add("ci_running", `CI running on ${sha}: ${this.#ciLabel}`);
    else this.#log.add("ci_passed", `CI passed on ${sha}`);
  }

  async #revParse(ref: string): Promise<string | undefined> {
    const result = await git(this.#ctx, this.#repo, ["rev-parse", "--verify", "-q", ref], { reject: false });
    return result.failed ? undefined : result.stdout.trim();
  }
}
