/** `ao init` (docs/configuration.md): a project's config written, and the schema copy beside it. */

// A new project's config.
export { initProject, type InitResult } from "./init-project.js";

// The JSON schema copy editors read, refreshed when the config is validated.
export { refreshSchemaCopy } from "./schema-copy.js";
