import { writeFileSync } from "node:fs";
import { hostname } from "node:os";
import { join } from "node:path";
import { expect } from "vitest";
import { aoPaths } from "../../src/core/paths.js";
import { closeStore, insertSession, openStore, writeTransaction } from "../../src/core/store/index.js";
import { makeE2e, type E2e } from "../e2e/e2e-fixture.js";
import { makeTestRepo } from "../helpers/git-repo.js";

export interface LargeFleetWorld extends E2e {
  /** The login URL `ao start --json` printed (token in the fragment). */
  url: string;
  /** The session ids whose branch holds `needle`, in creation order. */
  needles: string[];
}

/** Every 73rd session (1, 74, 147 of 200) carries the word the search test looks for. */
const isNeedle = (n: number): boolean => n % 73 === 1;

/**
 * A fleet of `count` sessions over two projects (`app`, `web`), written straight into the store the
 * way an ao command writes them (runtime `process`, no agent running: the page is what is tested,
 * as in bench/dashboard.mjs), then the built `ao start` with its dashboard on a free port. The
 * daemon polls hourly, so nothing but its first cycle rewrites the rows. A fixed `port` lets a
 * restarted daemon serve the page at the same address.
 */
export function makeLargeFleetWorld(count: number, port = 0): LargeFleetWorld {
  const { e2e, needles } = writeLargeFleet(count, port);
  // These rows have no agents by design: `ao start` must not restore 200 sessions first.
  const started = e2e.ao(["start", "--json", "--no-restore"]);
  expect(started.exitCode, started.stderr).toBe(0);
  const json = JSON.parse(started.stdout) as { url?: string; dashboard?: { url: string } };
  const url = json.url ?? json.dashboard?.url;
  expect(url, started.stdout).toMatch(/#.*token=/);
  return Object.assign(e2e, { url: url!, needles });
}

/** The config and the store's rows of a large fleet, without starting ao (`ao status` reads them). */
export function writeLargeFleet(count: number, port = 0): { e2e: E2e; needles: string[] } {
  const e2e = makeE2e();
  const web = makeTestRepo();
  writeFileSync(
    join(e2e.configDir, "agent-orchestrator.yaml"),
    `port: ${port}\ndaemon:\n  pollInterval: 1h\nprojects:\n  app:\n    path: ${e2e.repo.dir}\n  web:\n    path: ${web.dir}\n`,
  );
  const needles: string[] = [];
  const store = openStore({ paths: aoPaths(e2e.home), clock: { now: () => Date.now() } });
  try {
    writeTransaction(store, (tx) => {
      for (let n = 1; n <= count; n++) {
        const project = n % 2 === 0 ? "web" : "app";
        const id = `${project}-${n}`;
        const branch = isNeedle(n) ? `fix/needle-${n}` : `feat/task-${n}`;
        if (isNeedle(n)) needles.push(id);
        const payload = {
          branch,
          issue: null,
          runtime: "process",
          agent: "claude-code",
          spawner: { pid: 4_194_305, host: hostname() },
        };
        insertSession(
          tx,
          {
            id,
            project,
            branch,
            runtime: "process",
            agent: "claude-code",
            worktree: join(e2e.home, "nowhere", id),
            status: "working",
          },
          { type: "session.created", payload },
        );
      }
    });
  } finally {
    closeStore(store);
  }
  return { e2e, needles };
}
