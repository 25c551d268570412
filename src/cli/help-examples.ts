import type { Command } from "commander";

/**
 * A few real invocations for every command's `--help` (issue 18: help pages had none), kept in one
 * place so a new command's examples are one line here; a test fails for a command without any.
 */
export const HELP_EXAMPLES: Readonly<Record<string, readonly string[]>> = {
  "": ["ao init --auto", 'ao spawn app "Fix the login redirect"', "ao status", "ao start"],
  init: ["ao init", "ao init --auto", "ao init --auto --force --json"],
  doctor: ["ao doctor", "ao doctor --json"],
  config: ["ao config validate", "ao config show --json"],
  "config validate": ["ao config validate", "ao config validate --json"],
  "config show": ["ao config show", "ao config show --json"],
  "config schema": ["ao config schema > agent-orchestrator.schema.json"],
  "config migrate": ["ao config migrate", "ao config migrate --write"],
  plugin: ["ao plugin ls"],
  "plugin ls": ["ao plugin ls", "ao plugin ls --json"],
  "plugin create": [
    "ao plugin create ao-plugin-notify-file --slot notifier",
    "ao plugin create @acme/ao-notifier --slot notifier --dir plugins/notifier --json",
  ],
  "plugin install": [
    "ao plugin install ./ao-plugin-notify-file",
    "ao plugin install ao-plugin-ntfy@1.2.0 --use",
    "ao plugin install ./ao-plugin-notify-file-0.1.0.tgz --slot notifier --json",
  ],
  spawn: [
    'ao spawn app "Fix the login redirect"',
    "ao spawn app 42 --agent codex",
    "ao spawn app '#12' --branch fix/login --open",
    'ao spawn app "Write the docs" --queue --queue-timeout 30m',
  ],
  "batch-spawn": ["ao batch-spawn app 12 13 14", "ao batch-spawn app --label good-first-issue --agent codex"],
  send: [
    'ao send app-1 "CI fails in parser.test.ts: please look"',
    "ao send app-1 --file review-notes.md --wait --timeout 20m",
  ],
  turns: ["ao turns app-1", "ao turns app-1 --json"],
  "turns show": ["ao turns show t-12", "ao turns show t-12 --json"],
  "turns wait": ["ao turns wait t-12", "ao turns wait t-12 --timeout 10m --json"],
  approve: ["ao approve app-1", "ao approve app-1 allow-always --json"],
  deny: ["ao deny app-1", "ao deny app-1 --timeout 30s --json"],
  status: ["ao status", "ao status --watch", "ao status --refresh --json"],
  cost: ["ao cost", "ao cost --since 7d --by day", "ao cost --project app --by session --json"],
  session: ["ao session ls --all", "ao session restore app-1"],
  "session ls": ["ao session ls", "ao session ls --all --json"],
  "session attach": ["ao session attach app-1", "ao session attach app-1 --web"],
  "session logs": ["ao session logs app-1", "ao session logs app-1 --lines 50 --json"],
  "session kill": ["ao session kill app-1", "ao session kill app-1 --purge"],
  "session interrupt": ["ao session interrupt app-1", "ao session interrupt app-1 --timeout 30s --json"],
  "session answer": [
    "ao session answer app-1 1",
    "ao session answer app-1 No --question screen-3f2a9c1b7e4d --json",
  ],
  "session takeover": [
    "ao session takeover app-1   # then: ao session attach app-1",
    "ao session takeover app-1 --json",
  ],
  "session handback": ["ao session handback app-1", "ao session handback app-1 --json"],
  "session restore": ["ao session restore app-1", "ao session restore --all"],
  "session cleanup": ["ao session cleanup --dry-run", "ao session cleanup"],
  "session ended": ["ao session ended app-1   # what tmux runs when the agent exits"],
  open: ["ao open app-1", "ao open app-1 --terminal tmux-attach"],
  start: [
    "ao start",
    "ao start .",
    "ao start --foreground --port 3100",
    "ao start --no-dashboard --json",
    "ao start --listen 192.168.1.5:8443",
  ],
  stop: ["ao stop", "ao stop --json"],
  dashboard: [
    "ao dashboard",
    "ao dashboard --no-open --json",
    "ao dashboard --listen 0.0.0.0:8443",
    "ao dashboard --allow-host desk.tailnet-1234.ts.net",
  ],
  "dashboard pair": ["ao dashboard pair", "ao dashboard pair --json"],
  "dashboard devices": ["ao dashboard devices", "ao dashboard devices --json"],
  "dashboard devices revoke": [
    "ao dashboard devices revoke 3f9c2a1b",
    "ao dashboard devices revoke 3f9c2a1b --json",
  ],
  "dashboard push": ["ao dashboard push", "ao dashboard push --json"],
  "dashboard push remove": ["ao dashboard push remove 7d2e90c4", "ao dashboard push remove 7d2e90c4 --json"],
  demo: ["ao demo", "ao demo --agent claude-code --timeout 10m", "ao demo --keep --json"],
  events: [
    "ao events --session app-1",
    "ao events --type session.status --limit 20",
    "ao events --follow --json",
  ],
  ci: ["ao ci app-1", "ao ci app-1 --log", "ao ci app-1 --sha 3f2a9c1 --log --json"],
  "review-check": ["ao review-check", "ao review-check app-1 app-2 --json", "ao review-check --project app"],
  review: [
    "ao review app-1 --approve",
    'ao review app-1 --request-changes "return 200 for a valid login" --file src/login.ts --line 12',
    "ao review app-1 --resolve t1",
  ],
  completion: ["ao completion bash > ~/.local/share/bash-completion/completions/ao", "ao completion zsh"],
  merge: ["ao merge app-1", "ao merge app-1 --method squash --sha 3f2a9c1", "ao merge app-1 --force"],
  issue: ['ao issue new "Fix the login redirect"', "ao issue ls"],
  "issue new": [
    'ao issue new "Fix the login redirect" --label bug',
    'ao issue new "Write the docs" --body-file notes.md --project docs',
  ],
  "issue ls": ["ao issue ls", "ao issue ls --state all --label bug --json"],
  verify: ["ao verify 12", 'ao verify 12 --fail --comment "login still redirects" --json'],
  "issue show": ["ao issue show 12", "ao issue show '#12' --project app --json"],
  mcp: ["ao mcp", "ao mcp install --for claude-code"],
  "mcp tokens": ["ao mcp tokens", "ao mcp tokens create lead"],
  "mcp tokens create": ["ao mcp tokens create lead", "ao mcp tokens create lead --json"],
  "mcp revoke": ["ao mcp revoke lead"],
  "mcp install": ["ao mcp install --for claude-code", "ao mcp install --for codex --name lead --yes"],
  plan: [
    "ao plan propose app --file plan.yaml",
    "ao plan show plan-3",
    "ao plan approve plan-3 --revision 2",
  ],
  "plan propose": [
    "ao plan propose app --file plan.yaml",
    "ao plan propose app --file plan.json --parent 12",
  ],
  "plan ls": ["ao plan ls", "ao plan ls --project app --json"],
  "plan show": ["ao plan show plan-3", "ao plan show plan-3 --revision 1 --json"],
  "plan diff": ["ao plan diff plan-3 1 2"],
  "plan edit": [
    'ao plan edit plan-3 --base-revision 2 --ticket api --title "Add the login endpoint"',
    "ao plan edit plan-3 --base-revision 2 --file patch.yaml",
  ],
  "plan rewind": ["ao plan rewind plan-3 1 --base-revision 2"],
  "plan approve": ["ao plan approve plan-3 --revision 2"],
  "plan reject": ['ao plan reject plan-3 --revision 2 --reason "split the export ticket in two"'],
  "plan cancel": ['ao plan cancel plan-3 --reason "the design changed"'],
  "plan playbook": ["ao plan playbook ls", "ao plan playbook save release --from plan-3"],
  "plan playbook save": [
    "ao plan playbook save release --from plan-3",
    "ao plan playbook save triage --file triage.yaml",
  ],
  "plan playbook ls": ["ao plan playbook ls", "ao plan playbook ls --json"],
  help: ["ao help", "ao help session kill"],
};

/** The environment `ao --help` names: where ao keeps its state and which file it reads. */
const ENVIRONMENT = [
  "Environment:",
  "  AO_HOME          where ao keeps its state, logs and worktrees (default: ~/.agent-orchestrator)",
  "  AO_CONFIG_PATH   the configuration file (default: agent-orchestrator.yaml here or in a parent)",
];

/** Adds each command's examples (and the environment, on `ao --help`) after its help text. */
export function addHelpExamples(program: Command): void {
  const visit = (command: Command, path: string): void => {
    const examples = HELP_EXAMPLES[path];
    if (examples !== undefined) {
      const lines = ["", "Examples:", ...examples.map((example) => `  ${example}`)];
      if (path === "") lines.push("", ...ENVIRONMENT);
      command.addHelpText("after", lines.join("\n"));
    }
    for (const sub of command.commands) visit(sub, path === "" ? sub.name() : `${path} ${sub.name()}`);
  };
  visit(program, "");
}
