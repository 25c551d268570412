import { z } from "zod";

// The workspaces take no options of their own (symlinks, copy and postCreate are project keys), but
// the registry still checks that none are given. The schema sits here, imported on the first options
// given, so `ao spawn` does not load zod for an empty object.

export const worktreeWorkspaceOptions = z.strictObject({});

export const cloneWorkspaceOptions = z.strictObject({});
