/** `ao update`: how ao was installed, whether a newer one exists, and the update. */

// How this ao was installed, and where.
export { describeInstall, packageRootOf } from "./install-kind.js";

// A newer version looked for, and installed.
export { checkForUpdate, type UpdateCheck } from "./check-update.js";
export { applyUpdate } from "./apply-update.js";
