/**
 * The eight slots and the shape of a plugin catalog: slot → name → lazy loader. Loaders are
 * functions so that a command which never talks to GitHub never imports Octokit.
 */
export const SLOTS = [
  "runtime",
  "agent",
  "workspace",
  "tracker",
  "scm",
  "notifier",
  "terminal",
  "lifecycle",
] as const;

export type Slot = (typeof SLOTS)[number];

/**
 * Resolves to a plugin module (whose named export `plugin` is the definition, see define-plugin.ts)
 * or to the definition itself: `tmux: () => import("./runtime/tmux.js")`.
 */
export type PluginLoader = () => Promise<unknown>;

/** The slots a project uses one plugin of, named in `defaults:` or by the project itself. */
export const DEFAULTED_SLOTS = ["runtime", "agent", "workspace", "terminal", "lifecycle"] as const;

export type DefaultedSlot = (typeof DEFAULTED_SLOTS)[number];

/**
 * What a configuration gets where it names no plugin. These belong to whoever assembles the
 * catalog (the CLI wires the built-in one), never to core: core's schema has no plugin names.
 */
export type PluginDefaults = { readonly [S in DefaultedSlot]?: string } & {
  /** Notifiers that hear what `notificationRouting` does not route. */
  readonly notifiers?: readonly string[];
  /** The tracker and scm of a project that names its repository (`repo: owner/name`). */
  readonly withRepo?: { readonly tracker?: string; readonly scm?: string };
};

export type PluginCatalog = { readonly [S in Slot]: Readonly<Record<string, PluginLoader>> } & {
  readonly defaults?: PluginDefaults | undefined;
};

export function emptyCatalog(): PluginCatalog {
  return {
    runtime: {},
    agent: {},
    workspace: {},
    tracker: {},
    scm: {},
    notifier: {},
    terminal: {},
    lifecycle: {},
  };
}
