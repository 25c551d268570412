/** One command path (`[]` is `ao` itself) and what completes after it. */
export interface CommandSpec {
  readonly path: readonly string[];
  readonly subcommands: readonly string[];
  readonly options: readonly string[];
  /** What the command's first argument is, when ao can list its values. */
  readonly first: "sessions" | "projects" | undefined;
}

export const SHELLS = ["bash", "zsh", "fish"] as const;
export type Shell = (typeof SHELLS)[number];

const quote = (words: readonly string[]) => words.join(" ");

/** The case arms of the bash function: words for each command path, listed or asked of ao. */
function bashArms(specs: readonly CommandSpec[]): string[] {
  return specs.map((spec) => {
    const words =
      spec.first === undefined
        ? `"${quote(spec.subcommands)}"`
        : `"$(ao completion --list ${spec.first} 2>/dev/null)"`;
    return `    "${spec.path.join(" ")}") words=${words}; options="${quote(spec.options)}" ;;`;
  });
}

/**
 * bash: the words typed so far that are not options make the command path; after it come its
 * subcommands, or the session/project ids ao lists, or (for a word starting with -) its options.
 */
function bashScript(specs: readonly CommandSpec[]): string {
  return [
    "# ao completion for bash: source it, or save it as ~/.local/share/bash-completion/completions/ao",
    "_ao_complete() {",
    '  local cur="${COMP_WORDS[COMP_CWORD]}" path="" words="" options="" i',
    '  for ((i = 1; i < COMP_CWORD; i++)); do [[ "${COMP_WORDS[i]}" == -* ]] || path="$path ${COMP_WORDS[i]}"; done',
    '  case "${path# }" in',
    ...bashArms(specs),
    "    *) return 0 ;;",
    "  esac",
    '  [[ "$cur" == -* ]] && words="$options"',
    '  COMPREPLY=($(compgen -W "$words" -- "$cur"))',
    "}",
    "complete -F _ao_complete ao",
    "",
  ].join("\n");
}

/** zsh runs the bash function through its own bashcompinit layer. */
function zshScript(specs: readonly CommandSpec[]): string {
  return [
    "# ao completion for zsh: source it from ~/.zshrc (uses zsh's bashcompinit)",
    "autoload -U +X compinit && compinit",
    "autoload -U +X bashcompinit && bashcompinit",
    bashScript(specs).split("\n").slice(1).join("\n"),
  ].join("\n");
}

function fishScript(specs: readonly CommandSpec[]): string {
  const lines = [
    "# ao completion for fish: save it as ~/.config/fish/completions/ao.fish",
    "complete -c ao -f",
  ];
  for (const spec of specs) {
    const condition =
      spec.path.length === 0
        ? "__fish_use_subcommand"
        : `__fish_seen_subcommand_from ${spec.path.at(-1) ?? ""}; and test (count (commandline -opc)) -eq ${spec.path.length + 1}`;
    if (spec.subcommands.length > 0)
      lines.push(`complete -c ao -n '${condition}' -a '${quote(spec.subcommands)}'`);
    if (spec.first !== undefined)
      lines.push(`complete -c ao -n '${condition}' -a '(ao completion --list ${spec.first} 2>/dev/null)'`);
    for (const option of spec.options.filter((o) => o.startsWith("--")))
      lines.push(`complete -c ao -n '${condition}' -l ${option.slice(2)}`);
  }
  return `${lines.join("\n")}\n`;
}

export function completionScript(shell: Shell, specs: readonly CommandSpec[]): string {
  if (shell === "bash") return bashScript(specs);
  if (shell === "zsh") return zshScript(specs);
  return fishScript(specs);
}
