import type { Command } from "commander";
import type { SlotListing } from "../../core/registry/list-plugins.js";
import type { CliRuntime } from "../cli-runtime.js";
import { createStyle, renderTable, writeJson, writeLines } from "../render.js";

interface PluginRow {
  slot: string;
  name: string;
  description: string;
}

export function registerPluginCommand(program: Command, cli: CliRuntime): void {
  const plugin = program.command("plugin").description("inspect the plugins ao can use");

  plugin
    .command("ls")
    .alias("list")
    .description("list the built-in plugins of every slot")
    .option("--json", "print the list as JSON")
    .action(
      cli.action(async (ctx, options: { json?: boolean }) => {
        const { listPluginsBySlot } = await import("../../core/registry/list-plugins.js");
        const slots = await listPluginsBySlot(ctx.catalog);
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

const COLUMNS = [
  { header: "slot", value: (row: PluginRow) => row.slot },
  { header: "name", value: (row: PluginRow) => row.name },
  { header: "description", value: (row: PluginRow) => row.description },
];

function pluginRows(slots: readonly SlotListing[]): PluginRow[] {
  return slots.flatMap(({ slot, plugins }) =>
    plugins.length === 0
      ? [{ slot, name: "(none built in yet)", description: "" }]
      : plugins.map((p) => ({
          slot,
          name: p.name,
          description: p.error ? "(failed to load)" : p.description,
        })),
  );
}
