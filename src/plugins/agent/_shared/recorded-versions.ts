/**
 * The newest version of each agent CLI whose behaviour is recorded in test/fixtures/agents/ (the
 * `version.txt` of `<agent>/` or its newest `<agent>/<version>/`): what the agent plugins'
 * recognisers were checked against. `ao doctor` warns when an installed CLI is newer. A test keeps
 * these equal to the fixtures (test/plugins/agent/recorded-versions.test.ts).
 */
export const RECORDED_VERSIONS = {
  claude: "2.1.332",
  codex: "0.171.0",
  gemini: "0.61.0",
  opencode: "1.18.33",
} as const;
