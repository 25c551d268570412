import { COMMAND_MODULES, type CommandModule } from "./command-modules.js";

/**
 * The command modules one invocation needs: only the one that registers the command argv names
 * (`ao status` compiles status, not the whole tree), or all of them when argv names none (`ao`,
 * `ao --help`), names an unknown one (the "did you mean" needs every name), or names `help` or
 * `completion`, which walk the tree.
 */
export function invokedModules(
  argv: readonly string[],
  modules: readonly CommandModule[] = COMMAND_MODULES,
): readonly CommandModule[] {
  const name = commandName(argv);
  const found = name === undefined ? undefined : modules.find((module) => module.names.includes(name));
  return found === undefined || found.needsTree === true ? modules : [found];
}

/**
 * The first argument that is not a global option (program.ts declares them). `-c`/`--config` take
 * the next argument, also at the end of a group of short flags (`-vc file`); `--config=file` and
 * `-cfile` carry their value.
 */
function commandName(argv: readonly string[]): string | undefined {
  for (let index = 0; index < argv.length; index++) {
    const arg = argv[index] as string;
    if (arg === "--" || arg === "-h" || arg === "--help") return undefined;
    if (!arg.startsWith("-")) return arg;
    if (arg === "--config" || /^-[a-zA-Z]*c$/.test(arg)) index++;
  }
  return undefined;
}
