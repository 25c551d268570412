import { declareErrorCodes } from "../../../core/plugin-api.js";

/** tracker/linear's own code: no key in LINEAR_API_KEY, or Linear rejected it (exit 1). */
export const LINEAR_ERRORS = declareErrorCodes({ E_LINEAR_AUTH: "failure" });
