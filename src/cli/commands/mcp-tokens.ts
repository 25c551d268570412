import type { Command } from "commander";
import type { CliRuntime } from "../cli-runtime.js";
import { jsonFlag } from "../common-flags.js";
import { addFlags, defineFlags, readFlags } from "../flags.js";
import { renderTable, writeJson, writeLines } from "../render.js";

const TOKENS_FLAGS = defineFlags(jsonFlag("print them as JSON"));
const CREATE_FLAGS = defineFlags(jsonFlag("print the commander, its token and the token file as JSON"));
const REVOKE_FLAGS = defineFlags(jsonFlag("print the revoked commander as JSON"));

/** `ao mcp tokens [create]` and `ao mcp revoke`: the commanders and their tokens. */
export function registerTokenCommands(mcp: Command, cli: CliRuntime): void {
  const tokens = mcp
    .command("tokens")
    .description("the commanders that have a token (never the tokens themselves)");
  addFlags(tokens, TOKENS_FLAGS).action(
    cli.action(async (ctx, _flags: unknown, command: Command) => {
      const flags = await readFlags(TOKENS_FLAGS, command);
      const { listCommanderViews } = await import("../../mcp/commander-admin.js");
      const commanders = listCommanderViews(ctx);
      if (flags.json) writeJson(ctx.stdout, { commanders });
      else if (commanders.length === 0)
        ctx.stderr.write(
          "no commanders yet (`ao mcp install --for <cli>` or `ao mcp tokens create <name>`)\n",
        );
      else
        writeLines(
          ctx.stdout,
          renderTable(commanders, [
            { header: "commander", value: (row) => row.name },
            { header: "created", value: (row) => row.createdAt },
            { header: "revoked", value: (row) => row.revokedAt ?? "-" },
            { header: "open workers", value: (row) => String(row.openWorkers) },
          ]),
        );
      return 0;
    }),
  );
  const create = tokens
    .command("create")
    .description(
      "a new commander with a fresh token, written 0600 to AO_HOME/control/commanders/<name>.token",
    )
    .argument("<name>", "lower-case letters, digits and -");
  addFlags(create, CREATE_FLAGS).action(
    cli.action(async (ctx, name: string, _flags: unknown, command: Command) => {
      const flags = await readFlags(CREATE_FLAGS, command);
      const { createCommanderToken } = await import("../../mcp/commander-admin.js");
      const created = createCommanderToken(ctx, name);
      // `tokens` has --json too: commander may give a trailing one to the parent.
      if (flags.json || command.optsWithGlobals<{ json?: boolean }>().json === true)
        writeJson(ctx.stdout, created);
      else
        writeLines(ctx.stdout, [
          `commander ${created.commander}: token written to ${created.tokenFile}`,
          `give its \`ao mcp\` AO_COMMANDER_TOKEN_FILE=${created.tokenFile} (over HTTP: Authorization: Bearer <the file's token>)`,
        ]);
      return 0;
    }),
  );
  const revoke = mcp
    .command("revoke")
    .description("end a commander's token at once (stdio and HTTP); its workers keep running as sessions")
    .argument("<commander>", "its name, as `ao mcp tokens` shows it");
  addFlags(revoke, REVOKE_FLAGS).action(
    cli.action(async (ctx, name: string, _flags: unknown, command: Command) => {
      const flags = await readFlags(REVOKE_FLAGS, command);
      const { revokeCommanderToken } = await import("../../mcp/commander-admin.js");
      const revoked = revokeCommanderToken(ctx, name);
      if (flags.json) writeJson(ctx.stdout, revoked);
      else writeLines(ctx.stdout, [`commander ${revoked.name} revoked`]);
      return 0;
    }),
  );
}
