/**
 * The control plane (docs/control-plane.md): commanders and workers that drive ao through MCP tools.
 * The MCP layer (src/mcp) and `ao mcp` reach it through this file.
 */

// The context every tool call runs in, and whether the control plane is switched on.
export {
  createControlContext,
  controlPlaneEnabled,
  controlPlaneOffError,
  type ControlContext,
} from "./control-context.js";

// Commanders: their token files, created and revoked (who is calling is checked in credentials/).
export { commanderTokenPath, createCommander, revokeCommanderNamed } from "./commanders.js";

// A commander's tools: agents, workers, turns given and waited for.
export { listAgents } from "./list-agents.js";
export { listOwnWorkers } from "./list-workers.js";
export { openWorker } from "./open-worker.js";
export { closeOwnWorker } from "./close-worker.js";
export { sendAsync, sendBounded, waitControlTurn, type TurnProgress } from "./control-turns.js";
// A worker's permission question (ACP) answered by its commander, where commanderApprovals allows.
export { answerWorkerPermission } from "./answer-permission.js";

// Plans proposed and run through the control plane, and how a proposal reads.
export { getPlanForAgent, proposeOrchestration, runPlaybook, submitPlan } from "./plan-proposals.js";
export { proposalText, showProposal } from "./proposal-card.js";

// A worker's tool: its report back to the commander.
export { reportToCommander } from "./worker-report.js";
