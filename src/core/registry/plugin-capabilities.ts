import type { Exec } from "../exec.js";
import type { RuntimeHandle } from "../slots/runtime.js";
import type { PluginContext } from "./define-plugin.js";

/*
 * What a plugin definition may offer besides `create`. These live on the definition, not on the
 * instance, because each must work where an instance cannot be made or should not be: doctor checks
 * a webhook notifier whose secret is unset (its `create` refuses), `ao config validate` runs offline
 * without creating anything, and cleaning up after a thrown-away AO_HOME must not depend on options
 * or a project that may no longer load. Core asks every configured plugin; it never asks by name.
 */

export type CheckStatus = "ok" | "warn" | "fail";

/**
 * One finding about whether a plugin can work here: `fail` makes `ao doctor` exit 1 (and is printed
 * by `ao start` before its first cycle), `warn` is worth knowing. Never put a secret's value in it.
 */
export interface PluginCheck {
  /**
   * Stable, for `--json`. Two plugins that check the same thing use the same id (tracker and scm
   * on one GitHub host, two plugins needing tmux): doctor keeps one line, the worst of them.
   */
  readonly id: string;
  readonly title: string;
  readonly status: CheckStatus;
  readonly detail: string;
  /** How to fix it, as a command where there is one. */
  readonly fix?: string | undefined;
  /** The option this is about, relative to the plugin's options (["secretEnv"]): core points at it in the file. */
  readonly option?: readonly (string | number)[] | undefined;
}

/** What a check may look at. It changes nothing: no files written, no services called to act. */
export interface PluginCheckContext extends Pick<
  PluginContext,
  "env" | "cwd" | "paths" | "baseDir" | "project"
> {
  /**
   * Undefined in an offline check (`ao config validate`): look only at the options, the
   * environment and the file system; start no process, reach no network. A check that cannot
   * decide offline returns nothing rather than guess.
   */
  readonly exec: Exec | undefined;
  /** `process.platform` of the machine checked: install commands differ. */
  readonly platform: string;
}

/** What a plugin may use to stop what it started: AO_HOME's layout and the process seams. */
export type PluginCleanupContext = Pick<PluginContext, "env" | "paths" | "exec" | "clock" | "logger">;

/** A command per platform (`process.platform`), with one for the rest. */
export interface PlatformCommand {
  readonly darwin?: string | undefined;
  readonly linux?: string | undefined;
  readonly other: string;
}

/**
 * The executable a plugin runs (an agent's CLI, tmux): facts, not behaviour. `ao init` finds the
 * installed agents by them, doctor checks them, and the control plane will list installed agents
 * from the same facts.
 */
export interface PluginProgram {
  /** Looked up on PATH. */
  readonly binary: string;
  /** Arguments that make it print its version on stdout. */
  readonly versionArgs: readonly string[];
  /** The command that installs it. */
  readonly install: string | PlatformCommand;
  /**
   * The newest version of the program the plugin's recognisers (screens, hook payloads, messages)
   * were checked against, as `x.y.z`; `ao doctor` warns when the installed one is newer.
   */
  readonly recordedVersion?: string;
}

/** An agent a runtime runs (`runningAgents`): which session it was started for, and how a person stops it. */
export interface RunningAgent {
  /** The ao session id it was started for (tmux: the session's name). */
  readonly sessionId: string;
  readonly handle: RuntimeHandle;
  /** The command that stops it, for doctor's fix line (never run by ao). */
  readonly stop: string;
}

/** What `ao init` learned about a repository, for tracker and scm plugins to propose themselves. */
export interface InitRepository {
  /** Where `origin` points (credentials removed); undefined without one or for a local path. */
  readonly origin: { readonly host: string; readonly owner: string; readonly repo: string } | undefined;
  /**
   * The project's test command when one was detected (`npm test`), and from which file. `unready`
   * says why it would fail in a fresh worktree (its install step is not written as a real
   * `postCreate`): offer it commented out with that reason, never as a CI that fails every run.
   */
  readonly test:
    | { readonly command: string; readonly evidence: string; readonly unready?: string | undefined }
    | undefined;
  /** The environment (a plugin may read a host list from it, e.g. GH_HOST); never a secret's value. */
  readonly env: Readonly<Record<string, string | undefined>>;
}

/** A plugin's offer to serve a repository `ao init` writes a configuration for. */
export interface InitProposal {
  /** `hosted`: origin is this plugin's service, and wins; `fallback`: it works anywhere (local mode). */
  readonly fit: "hosted" | "fallback";
  /** Written beside `plugin:` (an Enterprise host's apiUrl, local CI commands). */
  readonly options: Readonly<Record<string, unknown>>;
  /** `owner/name` for the project's `repo:` key, when the plugin serves a hosted repository. */
  readonly repo?: string | undefined;
  /** What kind of host origin is (`github-enterprise`), for init's summary. */
  readonly hostKind?: string | undefined;
  /** Comment lines written before the options: what they do. */
  readonly comment?: readonly string[] | undefined;
  /** YAML lines written commented out after the options: an example to uncomment. */
  readonly example?: readonly string[] | undefined;
}

/** The optional capabilities of a definition, typed by its options. */
export interface PluginCapabilities<Options> {
  readonly program?: PluginProgram | undefined;
  /**
   * Whether this plugin, with these (validated) options, can work on this machine: credentials,
   * secrets in the environment, programs it needs. Runs without creating the instance.
   */
  doctor?(
    options: Options,
    ctx: PluginCheckContext,
  ): readonly PluginCheck[] | Promise<readonly PluginCheck[]>;
  /**
   * Stops everything this plugin started under `ctx.paths.home` that would outlive ao (a tmux
   * server, CI runs in flight), when that AO_HOME is thrown away (`ao demo` removing its sandbox).
   * Resolves to what it could not stop; never throws.
   */
  cleanup?(ctx: PluginCleanupContext): Promise<readonly string[]>;
  /**
   * For a runtime: the agents it runs right now for this AO_HOME (`ctx.paths.home`: ao's tmux
   * server, its containers), each with the ao session it was started for. `ao doctor` names those
   * no live session knows. None running (no server at all) is []; rejects when it cannot tell.
   */
  runningAgents?(ctx: PluginCleanupContext): Promise<readonly RunningAgent[]>;
  /**
   * For a runtime whose agents all live in one server of its own for this AO_HOME (tmux): true when
   * that server is not running. The daemon restores the live sessions when it goes (docs/daemon.md,
   * "After a reboot"). Rejects when it cannot tell.
   */
  serverGone?(ctx: PluginCleanupContext): Promise<boolean>;
  /** Offers this tracker or scm for a repository `ao init` configures; undefined: not for this one. */
  init?(repository: InitRepository): InitProposal | undefined;
  /**
   * For an scm: how the agent hands its work back, as the publishing step of ao's base rules
   * (push and open a pull request, or only commit). Without it the rules say it in general terms.
   */
  publishRules?(input: PublishRulesInput): string;
  /**
   * For an scm: how the agent hands back a fix after CI failed or a review asked for changes, as
   * reaction messages say it (`{{handBack}}`); after a merge conflict, the whole step: how to bring
   * the base branch in (the forge's remote, or the local branch), resolve, and hand the result back.
   * Without it the messages say it in general terms.
   */
  handBackRules?(input: HandBackInput): string;
  /**
   * For an agent: the models its CLI uses when it is not told one, as read from a release. Cost
   * needs a price for each (`ao doctor` names those without one).
   */
  readonly defaultModels?: DefaultModels | undefined;
}

/** What a reaction's hand-back step is about. */
export interface HandBackInput extends PublishRulesInput {
  readonly after: "ci-failed" | "changes-requested" | "merge-conflicts";
}

/** The models an agent's CLI falls back to, recorded from one version of it on one day. */
export interface DefaultModels {
  /** The CLI and version they were read from, e.g. "Claude Code 2.1.332". */
  readonly source: string;
  /** YYYY-MM-DD. */
  readonly recorded: string;
  /** Each model the CLI can default to (main loop, per provider, and its own side calls). */
  readonly models: readonly string[];
  /**
   * Those of `models` no source at hand priced when they were recorded (no price list in the CLI's
   * package, none published offline): said, not hidden — `ao doctor` and `ao cost` name them until
   * `pricing:` gives one. Every other default must have a price in ao's table (a test holds it).
   */
  readonly unpriced?: readonly string[] | undefined;
  /** Whether the CLI's records (transcripts) show its side calls (titles, classifiers), and so ao counts them. */
  readonly sideCalls: string;
}

/** What an scm's `publishRules` words its step with. */
export interface PublishRulesInput {
  readonly branch: string;
  readonly defaultBranch: string;
}

/** The command of `install` for `platform`. */
export function installCommandFor(install: string | PlatformCommand, platform: string): string {
  if (typeof install === "string") return install;
  if (platform === "darwin" && install.darwin !== undefined) return install.darwin;
  if (platform === "linux" && install.linux !== undefined) return install.linux;
  return install.other;
}
