import { dirname } from "node:path";
import type { KubernetesRuntimeOptions } from "./options.js";
import {
  AGENT_CONTAINER,
  labelValueFor,
  MANAGED_BY,
  PROJECT_LABEL,
  SESSION_ANNOTATION,
  SESSION_LABEL,
  WORKSPACE_CONTAINER,
} from "./names.js";
import { AGENT_ENTRYPOINT, RUN_DIR, SEEDED_MARKER, TMUX_SOCKET, WORKSPACE_INIT } from "./pod-scripts.js";

export interface PodInput {
  podName: string;
  secretName: string;
  sessionId: string;
  projectId?: string | undefined;
  argv: readonly string[];
  /** Host files the agent's argv names, made to exist at the same paths in the pod. */
  files: readonly string[];
  /** clone: what the init container clones. */
  clone?: { url: string; commit: string; branch: string } | undefined;
}

type Json = Record<string, unknown>;

/**
 * The session's Pod: restartPolicy Never, no service-account token, the agent container's first
 * process tmux (pod-scripts.ts), its environment only from the session's Secret (envFrom), and an
 * init container that prepares the workspace. Resources, runtimeClassName, nodeSelector,
 * tolerations and imagePullSecrets come from the options as given.
 */
export function podManifest(options: KubernetesRuntimeOptions, input: PodInput): Json {
  const { workspace } = options;
  const perSession = workspace.persistentVolumeClaim === undefined ? undefined : input.podName;
  const mounts = volumeMounts(workspace.mountPath, perSession, input.files);
  const clone = input.clone === undefined ? [] : [input.clone.url, input.clone.commit, input.clone.branch];
  const spec: Json = {
    restartPolicy: "Never",
    automountServiceAccountToken: false,
    enableServiceLinks: false,
    initContainers: [
      {
        name: WORKSPACE_CONTAINER,
        image: workspace.image ?? options.image,
        command: [
          "/bin/sh",
          "-c",
          WORKSPACE_INIT,
          "ao-workspace",
          SEEDED_MARKER,
          workspace.mountPath,
          ...clone,
        ],
        volumeMounts: mounts,
      },
    ],
    containers: [
      {
        name: AGENT_CONTAINER,
        image: options.image,
        command: ["/bin/sh", "-c", AGENT_ENTRYPOINT, "ao-agent"],
        args: [
          TMUX_SOCKET,
          String(options.width),
          String(options.height),
          String(options.historyLimit),
          ...input.argv,
        ],
        workingDir: workspace.mountPath,
        envFrom: [{ secretRef: { name: input.secretName } }],
        volumeMounts: mounts,
        ...(options.resources === undefined ? {} : { resources: options.resources }),
      },
    ],
    volumes: volumes(options, input),
    ...optional("runtimeClassName", options.runtimeClassName),
    ...optional("nodeSelector", options.nodeSelector),
    ...optional("tolerations", options.tolerations),
    ...optional(
      "imagePullSecrets",
      options.imagePullSecrets?.map((name) => ({ name })),
    ),
  };
  return {
    apiVersion: "v1",
    kind: "Pod",
    metadata: {
      name: input.podName,
      labels: labelsFor(input.sessionId, input.projectId),
      annotations: { [SESSION_ANNOTATION]: input.sessionId },
    },
    spec,
  };
}

/** The Secret with the session's environment, owned by its Pod so deleting the Pod deletes it. */
export function secretManifest(
  input: Pick<PodInput, "secretName" | "sessionId" | "projectId">,
  owner: { name: string; uid: string },
  env: Readonly<Record<string, string>>,
): Json {
  return {
    apiVersion: "v1",
    kind: "Secret",
    type: "Opaque",
    metadata: {
      name: input.secretName,
      labels: labelsFor(input.sessionId, input.projectId),
      ownerReferences: [
        { apiVersion: "v1", kind: "Pod", name: owner.name, uid: owner.uid, blockOwnerDeletion: true },
      ],
    },
    stringData: { ...env },
  };
}

export function labelsFor(sessionId: string, projectId: string | undefined): Record<string, string> {
  return {
    [MANAGED_BY.key]: MANAGED_BY.value,
    [SESSION_LABEL]: labelValueFor(sessionId),
    ...(projectId === undefined ? {} : { [PROJECT_LABEL]: labelValueFor(projectId) }),
  };
}

/** The workspace, ao's run directory (tmux socket, seed bundle) and one subPath per file's directory. */
function volumeMounts(mountPath: string, subPath: string | undefined, files: readonly string[]): Json[] {
  return [
    { name: "workspace", mountPath, ...(subPath === undefined ? {} : { subPath }) },
    { name: "ao-run", mountPath: RUN_DIR },
    ...[...new Set(files.map((file) => dirname(file)))].map((dir, index) => ({
      name: "ao-files",
      mountPath: dir,
      subPath: `dir-${String(index)}`,
    })),
  ];
}

function volumes(options: KubernetesRuntimeOptions, input: PodInput): Json[] {
  const claim = options.workspace.persistentVolumeClaim;
  const workspace =
    claim === undefined
      ? { name: "workspace", emptyDir: {} }
      : { name: "workspace", persistentVolumeClaim: { claimName: claim } };
  const all: Json[] = [workspace, { name: "ao-run", emptyDir: { medium: "Memory" } }];
  if (input.files.length > 0) all.push({ name: "ao-files", emptyDir: {} });
  return all;
}

function optional(key: string, value: unknown): Json {
  return value === undefined ? {} : { [key]: value };
}
