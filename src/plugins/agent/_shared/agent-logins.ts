import { join } from "node:path";
import type { LoginSpec } from "./agent-login.js";
import { dirFrom, homeOf } from "./agent-login.js";

type Login = Omit<LoginSpec, "binary">;

/**
 * What each agent CLI reads to reach its model service, from the names in the installed packages
 * (Claude Code 2.1.197, Codex 0.171.0, Gemini CLI 0.61.0, opencode 1.18.33; see
 * test/fixtures/agents/README.md). A login only the CLI's own keychain holds is not looked for.
 */
export const CLAUDE_CODE_LOGIN: Login = {
  env: [
    "ANTHROPIC_API_KEY",
    "ANTHROPIC_AUTH_TOKEN",
    "CLAUDE_CODE_OAUTH_TOKEN",
    "CLAUDE_CODE_USE_BEDROCK",
    "CLAUDE_CODE_USE_VERTEX",
    "CLAUDE_CODE_USE_FOUNDRY",
  ],
  // `.credentials.json`: a subscription sign-in on Linux; `primaryApiKey` in ~/.claude.json: a console key.
  files: (env) => [join(dirFrom(env, "CLAUDE_CONFIG_DIR", ".claude"), ".credentials.json")],
  settings: [
    { file: (env) => join(homeOf(env), ".claude.json"), says: (json) => hasKey(json, "primaryApiKey") },
    {
      file: (env) => join(dirFrom(env, "CLAUDE_CONFIG_DIR", ".claude"), "settings.json"),
      says: (json) =>
        hasKey(json, "apiKeyHelper") || hasEnvKey(json, ["ANTHROPIC_API_KEY", "ANTHROPIC_AUTH_TOKEN"]),
    },
  ],
  signIn: "run `claude` once in a terminal and sign in (/login), or set ANTHROPIC_API_KEY",
  missing: "fail",
  // macOS keeps the sign-in in the keychain, which cannot be read without asking the person.
  unseen: ["darwin"],
};

export const CODEX_LOGIN: Login = {
  env: ["OPENAI_API_KEY", "CODEX_API_KEY"],
  files: (env) => [join(dirFrom(env, "CODEX_HOME", ".codex"), "auth.json")],
  signIn: "run `codex login` (or `codex` and pick a sign-in), or set OPENAI_API_KEY",
  missing: "fail",
};

export const GEMINI_LOGIN: Login = {
  env: [
    "GEMINI_API_KEY",
    "GOOGLE_API_KEY",
    "GOOGLE_GENAI_USE_VERTEXAI",
    "GOOGLE_GENAI_USE_GCA",
    "GOOGLE_APPLICATION_CREDENTIALS",
  ],
  files: (env) => [join(homeOf(env), ".gemini", "oauth_creds.json")],
  signIn: "run `gemini` once in a terminal and sign in with Google, or set GEMINI_API_KEY",
  missing: "fail",
};

/** opencode talks to many providers, each with its own key: a missing one is only a warning. */
export const OPENCODE_LOGIN: Login = {
  env: ["ANTHROPIC_API_KEY", "OPENAI_API_KEY", "GEMINI_API_KEY", "OPENROUTER_API_KEY"],
  files: (env) => [join(dirFrom(env, "XDG_DATA_HOME", ".local", "share"), "opencode", "auth.json")],
  signIn: "run `opencode auth login`, or set the provider's API key (ANTHROPIC_API_KEY, OPENAI_API_KEY…)",
  missing: "warn",
};

/** aider reads keys from the environment, `.env` files and `.aider.conf.yml`: a warning at most. */
export const AIDER_LOGIN: Login = {
  env: ["ANTHROPIC_API_KEY", "OPENAI_API_KEY", "GEMINI_API_KEY", "DEEPSEEK_API_KEY", "OPENROUTER_API_KEY"],
  files: (env) => [join(homeOf(env), ".aider.conf.yml"), join(homeOf(env), ".env")],
  signIn:
    "set the model provider's API key (ANTHROPIC_API_KEY, OPENAI_API_KEY…) or write it in ~/.aider.conf.yml",
  missing: "warn",
};

/** settings.json's `env` block, which Claude Code applies to itself. */
function hasEnvKey(json: unknown, keys: readonly string[]): boolean {
  if (typeof json !== "object" || json === null) return false;
  const env = (json as Record<string, unknown>)["env"];
  return keys.some((key) => hasKey(env, key));
}

function hasKey(json: unknown, key: string): boolean {
  if (typeof json !== "object" || json === null) return false;
  const value = (json as Record<string, unknown>)[key];
  return typeof value === "string" && value !== "";
}

/**
 * The variables that choose each CLI's account (Agent.accountVariables): its login variables and
 * the directory its sign-in lives in. Values differing between sessions make separate usage limits.
 */
export const CLAUDE_CODE_ACCOUNT: readonly string[] = [...CLAUDE_CODE_LOGIN.env, "CLAUDE_CONFIG_DIR"];
export const CODEX_ACCOUNT: readonly string[] = [...CODEX_LOGIN.env, "CODEX_HOME"];
export const GEMINI_ACCOUNT: readonly string[] = GEMINI_LOGIN.env;
export const OPENCODE_ACCOUNT: readonly string[] = [...OPENCODE_LOGIN.env, "XDG_DATA_HOME"];
