import { workspaceContract } from "../../contracts/workspace.js";
import { plugin } from "../../../src/plugins/workspace/clone.js";
import { makeGitWorkspaceSubject } from "./git-workspace-subject.js";

workspaceContract("clone", () => makeGitWorkspaceSubject(plugin));
