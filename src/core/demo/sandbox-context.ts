import { dirname, delimiter } from "node:path";
import type { AoContext } from "../context.js";
import { createExec } from "../exec.js";
import { createLogger, logLevelFromEnv } from "../logger.js";
import { aoPaths } from "../paths.js";
import type { DemoSandbox } from "./build-sandbox.js";
import { DEMO_SECRET_ENV } from "./sandbox-config.js";

/**
 * The caller's context moved into the sandbox: AO_HOME, the configuration file and the log are the
 * sandbox's, so nothing the demo does touches the person's own ~/.agent-orchestrator. The node that
 * runs ao comes first on PATH, so the project's CI (`node --test`) runs with it. What ao's commands
 * would print as progress on stderr (the spawn's "creating worktree…", its warning that the sandbox
 * has no origin) goes to the sandbox's log instead: the demo reports the steps itself. The demo is
 * local only, so the caller's credentials stay behind: the agent and its CI get none of them.
 */
export function sandboxContext(ctx: AoContext, sandbox: DemoSandbox, webhookSecret: string): AoContext {
  const paths = aoPaths(sandbox.home);
  const env: Record<string, string | undefined> = {
    ...withoutCredentials(ctx.env),
    AO_HOME: sandbox.home,
    AO_CONFIG_PATH: sandbox.configPath,
    // The demo's notifier signs with a secret made for this run; it dies with the run.
    [DEMO_SECRET_ENV]: webhookSecret,
    PATH: [dirname(process.execPath), ctx.env["PATH"]].filter(Boolean).join(delimiter),
    TMUX: undefined,
    TMUX_PANE: undefined,
  };
  const logger = createLogger({ dir: paths.logs, fileLevel: logLevelFromEnv(ctx.env) });
  return {
    ...ctx,
    env,
    cwd: sandbox.root,
    paths,
    logger,
    exec: createExec(logger, env),
    stderr: { write: (chunk: string) => logger.info("progress", { text: chunk.trimEnd() }) },
    ask: undefined,
    stdin: undefined,
  };
}

/** GITHUB_TOKEN, GH_TOKEN, LINEAR_API_KEY, AO_GITHUB_WEBHOOK_SECRET and their kind. */
const CREDENTIAL_NAME = /TOKEN|SECRET|API_KEY|PASSWORD/i;
/** What an installed agent (`ao demo --agent`) logs in to its model with: it cannot run without. */
const AGENT_CREDENTIAL =
  /^(ANTHROPIC_API_KEY|ANTHROPIC_AUTH_TOKEN|CLAUDE_CODE_OAUTH_TOKEN|OPENAI_API_KEY|GEMINI_API_KEY|GOOGLE_API_KEY|OPENROUTER_API_KEY)$/;

export function withoutCredentials(
  env: Readonly<Record<string, string | undefined>>,
): Record<string, string | undefined> {
  return Object.fromEntries(
    Object.entries(env).filter(([name]) => AGENT_CREDENTIAL.test(name) || !CREDENTIAL_NAME.test(name)),
  );
}
