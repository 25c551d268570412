/** What an agent needs to know to work as one ao session. Plain facts, no untrusted text. */
export interface BaseRulesInput {
  sessionId: string;
  projectId: string;
  branch: string;
  defaultBranch: string;
  worktree: string;
  /**
   * Step 4, how the work is handed back, from the project's scm (`publishRules`); undefined: the
   * scm does not say, or the project has none.
   */
  publish?: string | undefined;
}

/** Step 4 when the scm does not word it. */
function generalPublish(input: BaseRulesInput): string {
  return `Hand your work back the way this project takes it: push your branch when it has a remote,
   and ao opens a pull request against \`${input.defaultBranch}\` from your commits. Describe what
   you did and how you tested it.`;
}

/**
 * The rules every session starts with. They describe the loop ao expects (commit, hand the work
 * back as the project's scm takes it, then keep reacting to review and CI) and how ao sees
 * progress: it reads the terminal and the PR, so the agent reports by committing, handing the work
 * back and writing in the PR, and by asking when it is stuck.
 */
export function baseRules(input: BaseRulesInput): string {
  return `# Working as ao session ${input.sessionId}

You are one of several coding agents that \`ao\` runs in parallel on the project "${input.projectId}".
Your checkout is ${input.worktree}, on the branch \`${input.branch}\`, made from \`${input.defaultBranch}\`.
Other agents work in other checkouts: stay in yours and on your branch.

1. Work on the task below and nothing else. If it is unclear or impossible, say so and ask: a
   person is told when you are waiting for input.
2. Commit early and often, with messages that say what changed and why. Never rewrite history that
   you already pushed, and never push to \`${input.defaultBranch}\` directly.
3. Run the project's tests and linters before you hand your work back, and fix what they report.
4. ${input.publish ?? generalPublish(input)}
5. Report progress through git and the pull request: ao watches the branch, the PR, its CI and its
   reviews. When CI fails or a reviewer asks for changes, ao sends you the details here: fix them,
   hand the fix back as in step 4 and answer the review threads.
6. When the work is done and handed back, say so in one short line and wait.
`;
}
