import type { Command } from "commander";
import { AoError } from "../../core/errors.js";
import { globalOptions, type CliRuntime } from "../cli-runtime.js";
import { jsonFlag } from "../common-flags.js";
import { addFlags, defineFlags, readFlags } from "../flags.js";
import { writeJson, writeLines } from "../render.js";
import { completionScript, SHELLS, type CommandSpec, type Shell } from "./completion-scripts.js";

/** Each command path with its subcommands, options and what its first argument completes to. */
function commandSpecs(root: Command): CommandSpec[] {
  const specs: CommandSpec[] = [];
  const walk = (command: Command, path: string[]) => {
    const argument = command.registeredArguments[0];
    const name = argument?.name() ?? "";
    const described = argument?.description ?? "";
    const first =
      name === "session" || /^session id/.test(described)
        ? "sessions"
        : /^project/.test(name)
          ? "projects"
          : undefined;
    specs.push({
      path,
      subcommands: command.commands.map((sub) => sub.name()),
      options: command.options.map((option) => option.long ?? option.short ?? "").filter(Boolean),
      first,
    });
    for (const sub of command.commands) walk(sub, [...path, sub.name()]);
  };
  walk(root, []);
  return specs;
}

const FLAGS = defineFlags({
  list: {
    type: "enum",
    values: ["sessions", "projects"],
    value: "kind",
    description: "print the session ids (sessions) or project ids (projects) the scripts complete",
  },
  ...jsonFlag("with --list: print the words as a JSON array"),
});

export function registerCompletionCommand(program: Command, cli: CliRuntime): void {
  const completion = program
    .command("completion")
    .description("print shell completion for bash, zsh or fish (commands, options, session ids, project ids)")
    .argument("[shell]", `one of ${SHELLS.join(", ")}`);
  addFlags(completion, FLAGS)
    .addHelpText("after", "\nInstall: ao completion bash > ~/.local/share/bash-completion/completions/ao\n")
    .action(
      cli.action(async (ctx, shell: string | undefined, _flags: unknown, command: Command) => {
        const options = await readFlags(FLAGS, command);
        if (options.list !== undefined) {
          const { completionWords } = await import("../../core/completion-words.js");
          const words = await completionWords(ctx, options.list, globalOptions(command).config);
          if (options.json) writeJson(ctx.stdout, words);
          else writeLines(ctx.stdout, words);
          return 0;
        }
        if (shell === undefined || !(SHELLS as readonly string[]).includes(shell))
          throw new AoError("E_USAGE", `ao completion needs a shell: ${SHELLS.join(", ")}`, {
            hint: "ao completion bash > ~/.local/share/bash-completion/completions/ao",
          });
        const root = command.parent ?? command;
        ctx.stdout.write(completionScript(shell as Shell, commandSpecs(root)));
        return 0;
      }),
    );
}
