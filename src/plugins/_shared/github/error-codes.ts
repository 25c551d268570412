import { declareErrorCodes } from "../../../core/plugin-api.js";

/**
 * The GitHub plugins' own error codes (tracker/github and scm/github share them): no usable token,
 * and GitHub (or a remote that is not the project's repository) refusing or failing a request. Both
 * are failures of the operation (exit 1), not of the command line.
 */
export const GITHUB_ERRORS = declareErrorCodes({ E_GITHUB_AUTH: "failure", E_GITHUB_API: "failure" });
