import type { Command } from "commander";
import type { CliRuntime } from "../cli-runtime.js";
import { jsonFlag } from "../common-flags.js";
import { addFlags, defineFlags, readFlags } from "../flags.js";
import { renderTable, writeJson, writeLines } from "../render.js";
import { terminalCell } from "../terminal-text.js";

const SAVE_FLAGS = defineFlags({
  from: {
    type: "string",
    value: "plan",
    description: "a plan, or plan@revision (default: its latest revision)",
  },
  file: { type: "string", value: "path", description: "a proposal file instead" },
  description: { type: "string", value: "text", description: "what the playbook is for" },
  ...jsonFlag("print the playbook as JSON"),
});
const LS_FLAGS = defineFlags(jsonFlag("print the playbooks as JSON"));

/** `ao plan playbook save | ls`: saved plan templates, run with the run_playbook tool. */
export function registerPlaybookCommands(plan: Command, cli: CliRuntime): void {
  const playbook = plan.command("playbook").description("saved plan templates ({{name}} placeholders)");
  const save = playbook
    .command("save")
    .description("save a plan (or a plan file) as a playbook; run it with the run_playbook tool")
    .argument("<name>", "the playbook's name");
  addFlags(save, SAVE_FLAGS).action(
    cli.action(async (ctx, name: string, _flags: unknown, command: Command) => {
      const { json, ...source } = await readFlags(SAVE_FLAGS, command);
      const { savePlaybookCommand } = await import("../../core/plans/index.js");
      const saved = await savePlaybookCommand(ctx, { name, ...source });
      if (json) return writeJson(ctx.stdout, { playbook: saved });
      writeLines(ctx.stdout, [`playbook ${saved.name}: ${saved.proposal.tickets.length} tickets`]);
    }),
  );
  const ls = playbook.command("ls").description("list the saved playbooks");
  addFlags(ls, LS_FLAGS).action(
    cli.action(async (ctx, _flags: unknown, command: Command) => {
      const flags = await readFlags(LS_FLAGS, command);
      const { listPlaybooksCommand } = await import("../../core/plans/index.js");
      const playbooks = await listPlaybooksCommand(ctx);
      if (flags.json) return writeJson(ctx.stdout, { playbooks });
      if (playbooks.length === 0)
        return writeLines(ctx.stdout, ["no playbooks (ao plan playbook save <name> --from <plan>)"]);
      writeLines(
        ctx.stdout,
        renderTable(playbooks, [
          { header: "name", value: (p) => p.name },
          { header: "tickets", value: (p) => String(p.proposal.tickets.length) },
          { header: "description", value: (p) => terminalCell(p.description ?? "") },
        ]),
      );
    }),
  );
}
