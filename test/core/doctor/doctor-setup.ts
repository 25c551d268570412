import { copyFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { DoctorHost } from "../../../src/core/doctor/check.js";
import type { runDoctor } from "../../../src/core/doctor/run-doctor.js";
import type { PluginCatalog } from "../../../src/core/registry/catalog.js";
import { builtinCatalog } from "../../../src/plugins/builtin-catalog.js";
import { makeBinDir } from "../../helpers/bin-dir.js";
import { makeTempDir } from "../../helpers/temp-dir.js";
import { makeTestContext } from "../../helpers/test-context.js";
import { AGENT_FIXTURES } from "../../plugins/agent/fixtures.js";

/** The doctor tests' ready machine: a temp HOME and AO_HOME, git, tmux and a set-up agent CLI on PATH. */
/** ~/.claude.json as Claude Code 2.1.332 left it after a start (onboarding finished). */
export const CLAUDE_STATE_AFTER_START = join(AGENT_FIXTURES, "claude/2.1.332/claude-json-after-start.json");
export const host: DoctorHost = { nodeVersion: "20.19.0", platform: "linux" };
export const TOKEN = "ghp_runDoctorSecret0123456789abcdefABCDEF";

export const GITHUB_PROJECT = `
projects:
  widgets:
    path: .
    repo: acme/widgets
    agent: claude-code
`;

export function setup(options: {
  yaml?: string;
  bin?: Parameters<typeof makeBinDir>[0];
  env?: Record<string, string | undefined>;
  catalog?: PluginCatalog;
}) {
  const dir = makeTempDir("ao-doctor-");
  if (options.yaml !== undefined) writeFileSync(join(dir, "agent-orchestrator.yaml"), options.yaml);
  // A ready machine has a git identity (HOME is this directory).
  writeFileSync(join(dir, ".gitconfig"), "[user]\n\tname = Doctor Test\n\temail = doctor@example.test\n");
  // ...and a Claude Code that finished its first-run set-up: the file Claude Code 2.1.332 left.
  copyFileSync(CLAUDE_STATE_AFTER_START, join(dir, ".claude.json"));
  const PATH = makeBinDir(
    options.bin ?? { link: ["git", "tmux"], fake: { claude: "exit 0", "notify-send": "exit 0" } },
  );
  return makeTestContext({
    cwd: dir,
    // The real plugins: tmux, the agents' CLIs and the credentials are their own checks now.
    catalog: options.catalog ?? builtinCatalog,
    // HOME is the temp dir too, so a real ~/.agent-orchestrator/config.yaml is never found.
    env: {
      HOME: dir,
      GITHUB_TOKEN: undefined,
      GH_TOKEN: undefined,
      AO_CONFIG_PATH: undefined,
      LINEAR_API_KEY: undefined,
      // A ready machine: the agent has a login, and there is a desktop session to notify in.
      ANTHROPIC_API_KEY: "sk-ant-runDoctorTest",
      DBUS_SESSION_BUS_ADDRESS: "unix:path=/run/user/1000/bus",
      PATH,
      ...options.env,
    },
  });
}

export const statusOf = (report: Awaited<ReturnType<typeof runDoctor>>) =>
  Object.fromEntries(report.checks.map((check) => [check.id, check.status]));
