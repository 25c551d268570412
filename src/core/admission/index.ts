/**
 * Admission by what the machine can carry (docs/sessions.md, Admission): a new agent starts only
 * when free memory and load allow it, by the config's `admission:` and what ao measured each agent
 * takes. The entry for the outer layers.
 */
export { formatByteSize, parseByteSize } from "../byte-size.js";
export { admissionVerdict, type AdmissionRefusal } from "./admission-verdict.js";
export { checkAdmission, expectedAgentMemory } from "./check-admission.js";
export { MACHINE_FILE_ENV, machineFromEnv, type Machine, type MachineReading } from "./machine.js";
export { learnAgentMemory, measureSessionMemory } from "./session-memory.js";
