/** `ao doctor`: checks of the machine, the config and the plugins, with fixes. */

// The whole run, and one check's verdict.
export { runDoctor, type DoctorReport } from "./run-doctor.js";
export type { CheckStatus, DoctorCheck } from "./check.js";

// One line for a check, as `ao config validate` prints the preflight ones too.
export { describeCheck } from "./preflight.js";

// `ao config validate`: the config loaded, then the offline checks of its plugins.
export { validateConfig, type ConfigValidation } from "./validate-config.js";
