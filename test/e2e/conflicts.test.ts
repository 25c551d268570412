import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runGit } from "../helpers/git-repo.js";
import { makeE2e, type E2e } from "./e2e-fixture.js";

const LINES = Array.from({ length: 20 }, (_, index) => `line ${index + 1}`);

interface ConflictJson {
  kind: string;
  sessions: [string, string | null];
  files: string[];
  hunks: { file: string; start: number; end: number }[];
  since: number;
}

/** What an agent's work leaves: a commit on the session's branch, in its worktree. */
function agentCommits(e2e: E2e, id: string, changes: Record<number, string>): void {
  const worktree = e2e.worktree(id);
  const lines = LINES.map((line, index) => changes[index + 1] ?? line);
  writeFileSync(join(worktree, "app.txt"), `${lines.join("\n")}\n`);
  runGit(worktree, ["add", "app.txt"]);
  runGit(worktree, ["commit", "-q", "-m", `${id}: app.txt`]);
}

describe("ao conflicts through the built ao (local scm, fake claude in tmux)", () => {
  it(
    "names the pair changing the same lines, with the lines, and the others as overlap, before any merge",
    { timeout: 240_000 },
    () => {
      const e2e = makeE2e();
      e2e.writeConfig("scm: local");
      writeFileSync(join(e2e.repo.dir, "app.txt"), `${LINES.join("\n")}\n`);
      runGit(e2e.repo.dir, ["add", "app.txt"]);
      runGit(e2e.repo.dir, ["commit", "-q", "-m", "app.txt"]);
      runGit(e2e.repo.dir, ["push", "-q", "origin", "main"]);
      for (const task of ["Change line five", "Change lines five and six", "Change line eighteen"]) {
        const spawned = e2e.ao(["spawn", "app", task]);
        expect(spawned.exitCode, spawned.stderr).toBe(0);
      }
      agentCommits(e2e, "app-1", { 5: "five by app-1" });
      agentCommits(e2e, "app-2", { 5: "five by app-2", 6: "six by app-2" });
      agentCommits(e2e, "app-3", { 18: "eighteen by app-3" });

      const refreshed = e2e.ao(["status", "--refresh", "--json"]);
      expect(refreshed.exitCode, refreshed.stderr).toBe(0);
      const run = e2e.ao(["conflicts", "--json"]);
      expect(run.exitCode, run.stderr).toBe(0);
      const listed = (JSON.parse(run.stdout) as { conflicts: ConflictJson[] }).conflicts;
      expect(listed.map((pair) => [pair.sessions.join("/"), pair.kind, pair.files])).toEqual([
        ["app-1/app-2", "conflict", ["app.txt"]],
        ["app-1/app-3", "overlap", ["app.txt"]],
        ["app-2/app-3", "overlap", ["app.txt"]],
      ]);
      expect(listed[0]!.hunks).toMatchObject([{ file: "app.txt", start: 5, end: 11 }]);

      const status = JSON.parse(e2e.ao(["status", "--json"]).stdout) as {
        sessions: { id: string; conflicts: { with: string; kind: string }[] }[];
      };
      const app2 = status.sessions.find((session) => session.id === "app-2");
      expect(app2?.conflicts).toEqual([
        { with: "app-1", kind: "conflict", files: ["app.txt"] },
        { with: "app-3", kind: "overlap", files: ["app.txt"] },
      ]);
      const table = e2e.ao(["conflicts", "app"]);
      expect(table.stdout).toContain("app-1 ↔ app-2");
      expect(table.stdout).toContain("app.txt:5-11");

      const unknown = e2e.ao(["conflicts", "nope"]);
      expect(unknown.exitCode).toBe(2);
      expect(unknown.stderr).toContain('no project "nope"');
      for (const id of ["app-1", "app-2", "app-3"]) e2e.ao(["session", "kill", id]);
    },
  );
});
