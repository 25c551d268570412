/**
 * The lifecycle engine: one cycle of observe → decide → persist → plan reactions → deliver
 * (docs/lifecycle.md). The daemon (src/core/daemon) runs cycles in a loop; `ao status --refresh`
 * runs one without delivering.
 */
export { openLifecycleEngine, type LifecycleEngine } from "./engine.js";
export { runCycle, type CycleOptions, type CycleReport } from "./run-cycle.js";
export { createCycle, type LifecycleCycle } from "./cycle.js";
export { CYCLE_STEPS } from "./cycle-steps.js";
export type { CycleScope, CycleStep, StepResult } from "./cycle-scope.js";
export { refreshSessions } from "./refresh-sessions.js";
export { planReactions, type PlannedReaction } from "./plan-reactions.js";
export { planAllComplete } from "./plan-all-complete.js";
export { renderMessage } from "./render-message.js";
export type { MessageFacts, ReactionPayload } from "./reaction-payload.js";

// `ao plan cancel`: a plan cancelled in the world the daemon runs plans in (engine-world.ts).
export { cancelPlanCommand, rejectPlan, rejectPlanCommand } from "./cancel-plan.js";
