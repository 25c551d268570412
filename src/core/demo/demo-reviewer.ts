import type { AoContext } from "../context.js";
import { gitText } from "../git.js";
import { mergeSession } from "../sessions/merge-session.js";
import { reviewSession } from "../sessions/review-session.js";
import type { Session } from "../store/index.js";
import type { StepLog } from "./demo-steps.js";

/**
 * The person in the loop, played by the demo: it approves a pull request once CI is green (what
 * `ao review <session> --approve` does), and merges it once the approved-and-green notification
 * went out (what `ao merge <session>` does). Both go through the same core functions as those
 * commands, so the scm sees exactly what a person's review and merge would give it.
 */
export class DemoReviewer {
  readonly #ctx: AoContext;
  readonly #configPath: string;
  readonly #repo: string;
  readonly #log: StepLog;
  readonly #approved = new Set<string>();
  #merged = false;

  constructor(input: { ctx: AoContext; configPath: string; repo: string; log: StepLog }) {
    this.#ctx = input.ctx;
    this.#configPath = input.configPath;
    this.#repo = input.repo;
    this.#log = input.log;
  }

  /** Approves a green, unapproved head. */
  async reviewIfGreen(session: Session): Promise<void> {
    const pr = session.prState;
    if (pr?.state !== "open" || pr.ci.state !== "passing" || pr.review.decision === "approved") return;
    if (this.#approved.has(pr.headSha)) return;
    this.#approved.add(pr.headSha);
    const body = "Approved by `ao demo`, which plays the reviewer in its sandbox.";
    const result = await reviewSession(
      this.#ctx,
      session.id,
      { approve: true, body },
      { configPath: this.#configPath },
    );
    this.#log.add(
      "review_approved",
      `the demo, acting as the reviewer, approved pull request #${String(result.pr.number)} at ${pr.headSha.slice(0, 7)}`,
      [`(what \`ao review ${session.id} --approve\` does)`],
    );
  }

  /** Merges a mergeable pull request once, after the person was told it is ready. */
  async mergeIfReady(session: Session, notified: boolean): Promise<void> {
    if (this.#merged || session.status !== "mergeable" || !notified) return;
    this.#merged = true;
    const result = await mergeSession(this.#ctx, session.id, {
      method: "merge",
      configPath: this.#configPath,
    });
    const base = result.pr.base ?? "main";
    const tip = await gitText(this.#ctx, this.#repo, ["log", "-1", "--format=%h %s", base]);
    this.#log.add(
      "merged",
      `the demo merged pull request #${String(result.pr.number)} (${result.sha.slice(0, 7)}) into ${base}`,
      [
        `(what \`ao merge ${session.id}\` does: ${result.method}, guarded by the head it observed)`,
        `${base} is now at ${tip}`,
      ],
    );
  }
}
