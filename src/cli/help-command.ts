import type { Command } from "commander";
import { didYouMean } from "../core/did-you-mean.js";
import { AoError, EXIT_USAGE } from "../core/errors.js";

/**
 * `ao help [command...]`: the help of ao or of a (sub)command, on stdout with exit 0. Replaces
 * commander's own, which answered an unknown name with the top-level help and no error; an
 * unknown name is a usage error naming the closest command.
 */
export function registerHelpCommand(program: Command): void {
  program.helpCommand(false);
  program
    .command("help")
    .description("display help for ao or for a command (ao help session kill)")
    .argument("[command...]", "the command, and its subcommand")
    .action((path: string[]) => {
      let target = program;
      for (const [index, name] of path.entries()) {
        const next = target.commands.find(
          (command) => command.name() === name || command.aliases().includes(name),
        );
        if (next === undefined) throw unknownCommand(target, path.slice(0, index + 1));
        target = next;
      }
      target.outputHelp();
    });
}

function unknownCommand(parent: Command, path: readonly string[]): AoError {
  const names = parent.commands.map((command) => command.name()).filter((name) => name !== "help");
  const suggestion = didYouMean(path.at(-1) ?? "", names);
  const within = parent.parent === null ? "ao" : `ao ${parent.name()}`;
  return new AoError("E_USAGE", `no command "${path.join(" ")}"`, {
    exitCode: EXIT_USAGE,
    hint: `${suggestion === undefined ? "" : `did you mean "${suggestion}"? `}\`${within} --help\` lists the commands`,
    details: { command: path.join(" "), ...(suggestion === undefined ? {} : { suggestion }) },
  });
}
