import { dirname } from "node:path";
import type { Command } from "commander";
import type { AoContext } from "../../core/context.js";
import type { FoundPlugin } from "../../core/npm/index.js";
import type { PluginListing, SlotListing } from "../../core/registry/index.js";
import { globalOptions, type CliRuntime } from "../cli-runtime.js";
import { jsonFlag } from "../common-flags.js";
import { addFlags, defineFlags, readFlags } from "../flags.js";
import { registerPluginKit } from "./plugin-kit.js";
import { createStyle, renderTable, writeJson, writeLines } from "../render.js";

interface PluginRow {
  slot: string;
  name: string;
  origin: string;
  description: string;
}

const LS_FLAGS = defineFlags(jsonFlag("print the list as JSON"));
const SEARCH_FLAGS = defineFlags({
  limit: {
    type: "number",
    min: 1,
    max: 250,
    default: "20",
    description: "at most this many packages (1-250)",
  },
  ...jsonFlag("print the query, the total and the packages as JSON"),
});

export function registerPluginCommand(program: Command, cli: CliRuntime): void {
  const plugin = program
    .command("plugin")
    .description("inspect the plugins ao can use, find more on npm, write and install one");
  registerPluginSearch(plugin, cli);
  registerPluginKit(plugin, cli);

  const ls = plugin
    .command("ls")
    .alias("list")
    .description(
      "list the plugins of every slot: the built-ins, and the packages and files the configuration names",
    );
  addFlags(ls, LS_FLAGS).action(
    cli.action(async (ctx, _flags: unknown, command: Command) => {
      const options = await readFlags(LS_FLAGS, command);
      const { groupBySlot, listPlugins } = await import("../../core/registry/index.js");
      const [builtins, external] = await Promise.all([
        listPlugins(ctx.catalog),
        configuredExternalPlugins(ctx, globalOptions(command).config),
      ]);
      const slots = groupBySlot([...builtins, ...external]);
      if (options.json) writeJson(ctx.stdout, { slots });
      else writeLines(ctx.stdout, renderTable(pluginRows(slots), COLUMNS));
      const broken = slots.flatMap((group) => group.plugins.filter((p) => p.error !== undefined));
      if (broken.length === 0) return 0;
      const style = createStyle(ctx.stderr, ctx.env);
      writeLines(
        ctx.stderr,
        broken.map((p) => `${style.red("error:")} ${p.error ?? ""}`),
      );
      return 1;
    }),
  );
}

/**
 * The plugins the configuration (when there is one) names that are not built-ins, loaded from its
 * directory as a command would. Without a configuration there are none; a broken one is an error.
 */
async function configuredExternalPlugins(
  ctx: AoContext,
  configPath: string | undefined,
): Promise<PluginListing[]> {
  const { loadConfigIfAny } = await import("../../core/session-plugins/index.js");
  const loaded = await loadConfigIfAny(ctx, configPath);
  if (loaded === undefined) return [];
  const [{ listPluginReferences }, { listExternalPlugins }] = await Promise.all([
    import("../../core/config/index.js"),
    import("../../core/registry/index.js"),
  ]);
  return listExternalPlugins(ctx.catalog, await listPluginReferences(loaded), dirname(loaded.path));
}

const COLUMNS = [
  { header: "slot", value: (row: PluginRow) => row.slot },
  { header: "name", value: (row: PluginRow) => row.name },
  { header: "origin", value: (row: PluginRow) => row.origin },
  { header: "description", value: (row: PluginRow) => row.description },
];

function pluginRows(slots: readonly SlotListing[]): PluginRow[] {
  return slots.flatMap(({ slot, plugins }) =>
    plugins.length === 0
      ? [{ slot, name: "(none built in yet)", origin: "", description: "" }]
      : plugins.map((p) => ({
          slot,
          name: p.name,
          origin: p.origin,
          description: p.error ? "(failed to load)" : p.description,
        })),
  );
}

/** `ao plugin search <words…>`: npm packages that carry ao's plugin keyword. */
function registerPluginSearch(plugin: Command, cli: CliRuntime): void {
  const search = plugin
    .command("search")
    .description(
      "search the npm registry for ao plugins (packages with the agent-orchestrator-plugin keyword)",
    )
    .argument("[words...]", "words each found package must have in its name, description or keywords");
  addFlags(search, SEARCH_FLAGS)
    .addHelpText(
      "after",
      `
The registry is npm's (npm_config_registry, else https://registry.npmjs.org/). A plugin package
says it is one with "keywords": ["agent-orchestrator-plugin"] in its package.json.

Examples:
  ao plugin search              every ao plugin on the registry (the first 20)
  ao plugin search docker       plugins about docker
  ao plugin search notifier --json | jq -r '.plugins[].name'`,
    )
    .action(
      cli.action(async (ctx, words: string[], _flags: unknown, command: Command) => {
        const options = await readFlags(SEARCH_FLAGS, command);
        const { searchPlugins } = await import("../../core/npm/index.js");
        const found = await searchPlugins(ctx.env, words, options.limit);
        if (options.json) writeJson(ctx.stdout, found);
        else if (found.plugins.length === 0)
          writeLines(ctx.stdout, [`no ao plugin on npm matches ${found.query}`]);
        else writeLines(ctx.stdout, renderTable(found.plugins, FOUND_COLUMNS));
        return 0;
      }),
    );
}

const FOUND_COLUMNS = [
  { header: "package", value: (p: FoundPlugin) => p.name },
  { header: "version", value: (p: FoundPlugin) => p.version },
  { header: "description", value: (p: FoundPlugin) => p.description },
];
