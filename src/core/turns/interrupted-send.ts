import type { Turn } from "../store/index.js";

/**
 * What a Ctrl-C of `ao send` left, read from the store at the moment it came: the message is a
 * turn by then (or not yet), and the turn goes on without the command. Says what happens to it next,
 * and how to follow it, so a person never has to guess whether to send it again.
 */
export function describeInterruptedSend(turn: Turn | undefined): string {
  if (turn === undefined) return "interrupted before the message became a turn: nothing was sent";
  const head = `interrupted: ${turn.sessionId} turn ${turn.id}`;
  const follow = `follow it with \`ao turns show ${turn.id}\``;
  switch (turn.status) {
    case "queued":
      return `${head} is queued, nothing was pasted; the daemon (\`ao start\`) or the next \`ao send\` delivers it; ${follow}`;
    case "delivering":
      return turn.cursor === null
        ? `${head} was being delivered and nothing was pasted yet; it is queued again and delivered once; ${follow}`
        : `${head} was being delivered: it may have been pasted but not submitted; ao checks the agent, clears an unsubmitted paste and marks the turn failed if it did not arrive (never sent twice); ${follow}`;
    case "running":
      return `${head} was delivered; the agent is working on it; wait for its reply with \`ao turns wait ${turn.id}\``;
    default:
      return `${head} already ended: ${turn.status}${turn.error === null ? "" : ` (${turn.error})`}; ${follow}`;
  }
}
