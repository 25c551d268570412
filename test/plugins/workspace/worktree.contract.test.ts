import { workspaceContract } from "../../contracts/workspace.js";
import { plugin } from "../../../src/plugins/workspace/worktree.js";
import { makeGitWorkspaceSubject } from "./git-workspace-subject.js";

workspaceContract("worktree", () => makeGitWorkspaceSubject(plugin));
