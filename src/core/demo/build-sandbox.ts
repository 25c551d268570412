import { cpSync, mkdirSync, mkdtempSync, realpathSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { AoContext } from "../context.js";
import { gitText } from "../git.js";
import { locateDemoMaterial } from "./demo-agent-path.js";
import {
  readSandboxManifest,
  sandboxConfigYaml,
  type SandboxManifest,
  type SandboxValues,
} from "./sandbox-config.js";

/** A demo's world, all inside one temporary directory. */
export interface DemoSandbox {
  root: string;
  /** The project's main checkout: a git repository on `main`, no remote. */
  repo: string;
  /** The sandbox's AO_HOME (store, worktrees, tmux socket, logs). */
  home: string;
  configPath: string;
}

export interface SandboxInput {
  /** An installed agent plugin instead of the scripted demo agent. */
  agent?: string | undefined;
  notifyUrl: string;
}

/** The identity of the sandbox's own commits and of reviews recorded there (scm/local uses user.name). */
const SANDBOX_GIT_CONFIG: readonly (readonly [string, string])[] = [
  ["user.name", "ao demo"],
  ["user.email", "ao-demo@example.invalid"],
  // A person's global signing setup would make every commit in the sandbox ask for a key.
  ["commit.gpgsign", "false"],
];

/** The sandbox's directories: a fresh temporary directory with the demo project copied in and an AO_HOME. */
export function createSandboxDirs(ctx: Pick<AoContext, "env">): DemoSandbox {
  const root = realpathSync(mkdtempSync(join(ctx.env["TMPDIR"] ?? tmpdir(), "ao-demo-")));
  const sandbox: DemoSandbox = {
    root,
    repo: join(root, "repo"),
    home: join(root, "home"),
    configPath: join(root, "agent-orchestrator.yaml"),
  };
  cpSync(locateDemoMaterial().project, sandbox.repo, { recursive: true });
  mkdirSync(sandbox.home);
  return sandbox;
}

/**
 * Makes the sandbox a project: the demo project (examples/demo-agent/project: stats.mjs, its tests
 * and issue #1 in .ao/issues) committed on `main`, and the configuration of the demo's manifest
 * (examples/demo-agent/sandbox.yaml) beside it. `ctx` is the sandbox's own (sandboxContext), so
 * even the log of these git commands stays inside. Returns the manifest, for the demo's messages.
 */
export async function initSandbox(
  ctx: AoContext,
  sandbox: DemoSandbox,
  input: SandboxInput,
): Promise<SandboxManifest> {
  await initRepository(ctx, sandbox.repo);
  const material = locateDemoMaterial();
  const agent: SandboxValues["agent"] =
    input.agent === undefined
      ? // The node running ao runs the demo agent too: no PATH lookup, no version surprise.
        { demoAgentScript: material.agent, node: process.execPath }
      : { plugin: input.agent };
  const manifest = readSandboxManifest(material.manifest, {
    agent,
    notifyUrl: input.notifyUrl,
    home: sandbox.home,
    root: sandbox.root,
  });
  writeFileSync(sandbox.configPath, sandboxConfigYaml(manifest));
  return manifest;
}

async function initRepository(ctx: AoContext, repo: string): Promise<void> {
  await gitText(ctx, repo, ["init", "-q", "--initial-branch=main"]);
  for (const [key, value] of SANDBOX_GIT_CONFIG) await gitText(ctx, repo, ["config", key, value]);
  await gitText(ctx, repo, ["add", "-A"]);
  await gitText(ctx, repo, ["commit", "-q", "-m", "stats: sum() and its tests"]);
}
