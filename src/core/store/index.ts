/**
 * The state store: AO_HOME/ao.db (docs/state.md). Importing this module loads no SQLite; the
 * driver is loaded by openStore on first use.
 */
export { BUSY_TIMEOUT_MS, closeStore, openStore, type StoreContext } from "./open-store.js";
export { statement, writeTransaction, type Database, type Store, type WriteTx } from "./store.js";
export { readSchemaVersion } from "./migrate.js";
export { verifyStore, type StoreVerdict } from "./verify-store.js";
export { backupStore, listStoreBackups, MAX_STORE_BACKUPS, storeBackupsDir } from "./store-backups.js";
export { checkStoreFile, emptyStoreError } from "./store-file.js";
export { LATEST_SCHEMA_VERSION, MIGRATIONS, type Migration } from "./migrations/index.js";
export type { JsonObject } from "./json-column.js";
export {
  SESSION_STATUSES,
  TERMINAL_SESSION_STATUSES,
  isSessionStatus,
  isTerminalStatus,
  type SessionStatus,
} from "./session-status.js";
export type { AgentExit, PrState, Session, SessionPatch } from "./session-row.js";
export { recordExit } from "./record-exit.js";
export {
  getSession,
  insertSession,
  listSessions,
  requireSession,
  type ListSessionsOptions,
  type NewSession,
} from "./sessions.js";
export { deleteSession, recordObservation, updateSession, type ObservationPatch } from "./update-session.js";
export { allocateSessionId } from "./session-ids.js";
export {
  appendEvent,
  lastEventId,
  latestEventOf,
  listEvents,
  type ListEventsOptions,
  type NewEvent,
  type StoredEvent,
} from "./events.js";
export { REACTION_STATUSES, type Reaction, type ReactionStatus } from "./reaction-row.js";
export {
  getReaction,
  insertReactionIfNew,
  listReactions,
  requireReaction,
  type InsertedReaction,
  type ListReactionsOptions,
  type NewReaction,
} from "./reactions.js";
export {
  claimDueReactions,
  deferReaction,
  escalateReaction,
  type ClaimOptions,
  markReactionDone,
  markReactionFailed,
  releaseInterruptedReactions,
} from "./reaction-delivery.js";
export { deleteMeta, getMeta, setMeta } from "./meta.js";
export type { Turn, TurnClaimant } from "./turn-row.js";
export {
  getTurn,
  insertTurn,
  listTurns,
  openTurnOf,
  requireTurn,
  sessionsWithUnendedTurns,
  turnOfReaction,
  type InsertedTurn,
  type ListTurnsOptions,
  type NewTurn,
} from "./turns.js";
export { insertSpawnTurn, requeueTurn, type NewSpawnTurn } from "./spawn-turn.js";
export {
  claimNextTurn,
  dropQueuedTurn,
  endTurn,
  markTurnDelivered,
  markTurnStarted,
  recordTurnCursor,
  type Delivered,
  type TurnEnding,
} from "./turn-transitions.js";
export {
  commanderByToken,
  getCommander,
  insertCommander,
  listCommanders,
  liveCommanderNamed,
  revokeCommander,
  type Commander,
} from "./commanders.js";
export {
  closeWorker,
  commanderNamesBySession,
  getWorker,
  insertWorker,
  listOpenWorkers,
  putWorkerSecret,
  workerBySecret,
  type Worker,
} from "./control-workers.js";
export {
  insertReport,
  ownReports,
  pruneControlHistory,
  putRequestId,
  reportOfTurn,
  turnOfRequest,
  type Report,
} from "./reports.js";
export {
  getUsageCursor,
  priceUnpriced,
  recordUsage,
  unpricedModels,
  type UsageCursor,
  type UsageRecordRow,
} from "./usage.js";
export {
  hireRole,
  insertTickets,
  listHires,
  listTickets,
  planSteps,
  recordPlanStep,
  setPlanDeliverable,
  setPlanParent,
  updateTicket,
  type PlanHire,
  type PlanTicket,
  type TicketPatch,
} from "./plan-runs.js";
export { TICKET_STATES, isTicketOver, isTicketState, type TicketState } from "./ticket-state.js";
export {
  getAccountLimit,
  limitsToResume,
  markLimitResumed,
  openLimits,
  recordAccountLimit,
  type AccountLimit,
} from "./limits.js";
export {
  getLimitWait,
  markWaitResumed,
  pendingWaits,
  recordLimitWait,
  recordSessionAccount,
  scheduleWaitResume,
  sessionAccount,
  type LimitWait,
} from "./limit-waits.js";
export { clearBudgetHold, getBudgetHold, holdOverBudget, type BudgetHold } from "./budget-holds.js";
export {
  deleteConflictPair,
  listConflictPairs,
  putConflictPair,
  type ConflictHunk,
  type ConflictKind,
  type ConflictPair,
} from "./conflict-pairs.js";
export { learnedAgentMemory, recordAgentMemory } from "./agent-memory.js";
export {
  addSpawnWait,
  listSpawnWaits,
  removeSpawnWait,
  updateSpawnWait,
  type SpawnWait,
} from "./spawn-waits.js";
export {
  ACTIVE_QUEUE_STATES,
  getQueueEntry,
  insertQueueEntry,
  inMergeBatch,
  latestQueueEntryOf,
  listQueueEntries,
  listQueueSteps,
  markReentered,
  recordQueueStep,
  type NewQueueEntry,
  type QueueStepChange,
} from "./queue-entries.js";
export type {
  QueueBatch,
  QueueDetail,
  QueueEntry,
  QueueLeaveReason,
  QueueState,
  QueueStep,
} from "./queue-entry-row.js";
