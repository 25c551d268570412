import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { definePlugin } from "../../../src/core/registry/define-plugin.js";
import { killSession } from "../../../src/core/sessions/kill-session.js";
import { listSessionViews, watchSessionViews } from "../../../src/core/sessions/list-sessions.js";
import { restoreSession } from "../../../src/core/sessions/restore-session.js";
import { sendMessage } from "../../../src/core/sessions/send-message.js";
import { spawnSession } from "../../../src/core/sessions/spawn-session.js";
import { FakeRuntime } from "../../fakes/runtime.js";
import { makeSessionFixture } from "./session-fixture.js";

const commandAgent = () => import("../../../src/plugins/agent/command.js");

/** A runtime with one option, recording the options of every instance the registry creates. */
function configurableRuntime() {
  const runtime = new FakeRuntime({ name: "configurable" });
  const created: unknown[] = [];
  const definition = definePlugin({
    slot: "runtime",
    name: "configurable",
    description: "a fake runtime with options",
    options: z.strictObject({ tag: z.string().default("none") }),
    create: (options) => {
      created.push(options);
      return runtime;
    },
  });
  return { runtime, created, loader: () => Promise.resolve({ plugin: definition }) };
}

const COMMAND_AGENT = [
  "agent:",
  "  plugin: command",
  '  argv: [my-agent, --prompt, "{promptFile}", --cwd, "{worktree}"]',
  "  workingPattern: ^BUSY",
].join("\n");

describe("project plugin options", () => {
  it("hands the project's agent options to the command agent: its argv template is what runs", async () => {
    const f = makeSessionFixture({ plugins: { agent: { command: commandAgent } } });
    f.writeConfig(COMMAND_AGENT);
    const session = await spawnSession(f.ctx, { project: "app", issue: "Fix it" });
    const promptFile = join(f.ctx.paths.prompts, "app-1", "prompt.md");
    expect(session.agent).toBe("command");
    expect(f.runtime.processOf(session.id)?.input.argv).toEqual([
      "my-agent",
      "--prompt",
      promptFile,
      "--cwd",
      session.worktree,
    ]);
  });

  it("reports bad agent options at spawn with file:line:column and key path, exit 2, before making anything", async () => {
    const f = makeSessionFixture({ plugins: { agent: { command: commandAgent } } });
    f.writeConfig("agent:\n  plugin: command\n  argv: []\n  workingPattern: '(unclosed'");
    const error = await spawnSession(f.ctx, { project: "app", issue: "Fix it" }).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: "E_PLUGIN_OPTIONS", exitCode: 2 });
    const lines = (error as Error).message.split("\n");
    expect(lines[0]).toBe('invalid options for agent plugin "command" at projects.app.agent (2 problems):');
    // writeConfig: a blank line, projects:, app:, path, runtime, workspace, then agent: on line 7
    expect(lines.slice(1)).toEqual([
      expect.stringMatching(/^ {2}\S*agent-orchestrator\.yaml:9:13 projects\.app\.agent\.argv: /) as string,
      expect.stringMatching(
        /^ {2}\S*agent-orchestrator\.yaml:10:23 projects\.app\.agent\.workingPattern: not a valid regular expression$/,
      ) as string,
    ]);
    expect(f.events()).toEqual([]);
  });

  it("status, send, restore and kill use the options the project gives the session's runtime and agent", async () => {
    const configurable = configurableRuntime();
    const f = makeSessionFixture({
      plugins: { agent: { command: commandAgent }, runtime: { configurable: configurable.loader } },
    });
    f.writeConfig(`runtime:\n  plugin: configurable\n  tag: from-config\n${COMMAND_AGENT}`);
    const session = await spawnSession(f.ctx, { project: "app", issue: "Fix it" });
    const handle = configurable.runtime.processOf(session.id)!.handle;

    configurable.runtime.print(handle, "BUSY compiling");
    const [view] = await listSessionViews(f.ctx);
    // The command agent needs its argv to exist at all, and its workingPattern to read the screen.
    expect(view?.activity?.state).toBe("working");
    // The agent finishes its task (its first turn); the message is delivered once it is done.
    configurable.runtime.process(handle).screen.length = 0; // it redraws: no longer busy
    configurable.runtime.print(handle, "Done: fixed it.\n> ");
    await sendMessage(f.ctx, session.id, { text: "run the tests" });
    configurable.runtime.vanish(handle);
    await restoreSession(f.ctx, session.id);
    await killSession(f.ctx, session.id);

    expect(configurable.created.length).toBeGreaterThanOrEqual(5);
    expect(new Set(configurable.created.map((options) => JSON.stringify(options)))).toEqual(
      new Set([JSON.stringify({ tag: "from-config" })]),
    );
  });

  it("kills, sends to and lists sessions when the config no longer loads, warning that its options are not applied", async () => {
    const configurable = configurableRuntime();
    const f = makeSessionFixture({ plugins: { runtime: { configurable: configurable.loader } } });
    f.writeConfig("runtime:\n  plugin: configurable\n  tag: from-config");
    const session = await spawnSession(f.ctx, { project: "app", issue: "Fix it" });
    // Broken elsewhere than the runtime: a key the schema does not know.
    f.writeConfig("runtime:\n  plugin: configurable\n  tag: from-config\nbogusKey: 1");

    const [view] = await listSessionViews(f.ctx);
    expect(view?.id).toBe(session.id);
    await sendMessage(f.ctx, session.id, { text: "run the tests" });
    await killSession(f.ctx, session.id);

    expect(configurable.runtime.processOf(session.id)?.state).toBe("gone");
    expect(f.session(session.id).status).toBe("killed");
    const warnings = f.ctx.stderr
      .text()
      .split("\n")
      .filter((line) => line.startsWith("warning:"));
    expect(warnings.length).toBe(3);
    expect(warnings[0]).toMatch(/^warning: the plugin options from the configuration are not applied to /);
  });

  it("says the options are not applied once in `ao status --watch`, not in every frame", async () => {
    const configurable = configurableRuntime();
    const f = makeSessionFixture({ plugins: { runtime: { configurable: configurable.loader } } });
    f.writeConfig("runtime:\n  plugin: configurable\n  tag: from-config");
    await spawnSession(f.ctx, { project: "app", issue: "Fix it" });
    f.writeConfig("runtime:\n  plugin: configurable\n  tag: from-config\nbogusKey: 1");

    const stop = new AbortController();
    let frames = 0;
    await watchSessionViews(f.ctx, { intervalMs: 10, signal: stop.signal }, (views) => {
      expect(views).toHaveLength(1);
      if (++frames === 3) stop.abort();
    });
    const warnings = f.ctx.stderr
      .text()
      .split("\n")
      .filter((line) => line.startsWith("warning:"));
    expect(frames).toBe(3);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/^warning: the plugin options from the configuration are not applied to /);
  });

  it("kills a session whose runtime options the plugin now rejects, with its defaults", async () => {
    const configurable = configurableRuntime();
    const f = makeSessionFixture({ plugins: { runtime: { configurable: configurable.loader } } });
    f.writeConfig("runtime:\n  plugin: configurable\n  tag: from-config");
    const session = await spawnSession(f.ctx, { project: "app", issue: "Fix it" });
    f.writeConfig("runtime:\n  plugin: configurable\n  tag: 42");

    await killSession(f.ctx, session.id);

    expect(configurable.runtime.processOf(session.id)?.state).toBe("gone");
    expect(f.ctx.stderr.text()).toContain(
      'warning: the plugin options from the configuration are not applied to runtime/configurable, which use the plugins\' defaults: invalid options for runtime plugin "configurable": tag:',
    );
  });

  it("gives a session spawned with --agent none of the options written for the project's agent", async () => {
    const f = makeSessionFixture({ plugins: { agent: { command: commandAgent } } });
    f.writeConfig(COMMAND_AGENT);
    const session = await spawnSession(f.ctx, { project: "app", issue: "Fix it", agent: "other" });
    expect(f.runtime.processOf(session.id)?.input.argv[0]).toBe("other-agent");
    const [view] = await listSessionViews(f.ctx);
    expect(view?.agent.name).toBe("other");
  });
});
