import { dirname } from "node:path";
import type { Command } from "commander";
import type { AoContext } from "../../core/context.js";
import type { PluginListing, SlotListing } from "../../core/registry/list-plugins.js";
import { globalOptions, type CliRuntime } from "../cli-runtime.js";
import { createStyle, renderTable, writeJson, writeLines } from "../render.js";

interface PluginRow {
  slot: string;
  name: string;
  origin: string;
  description: string;
}

export function registerPluginCommand(program: Command, cli: CliRuntime): void {
  const plugin = program.command("plugin").description("inspect the plugins ao can use");

  plugin
    .command("ls")
    .alias("list")
    .description(
      "list the plugins of every slot: the built-ins, and the packages and files the configuration names",
    )
    .option("--json", "print the list as JSON")
    .action(
      cli.action(async (ctx, options: { json?: boolean }, command: Command) => {
        const { groupBySlot, listPlugins } = await import("../../core/registry/list-plugins.js");
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
  const { loadConfigIfAny } = await import("../../core/sessions/session-plugins.js");
  const loaded = await loadConfigIfAny(ctx, configPath);
  if (loaded === undefined) return [];
  const [{ listPluginReferences }, { listExternalPlugins }] = await Promise.all([
    import("../../core/config/plugin-references.js"),
    import("../../core/registry/list-plugins.js"),
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
