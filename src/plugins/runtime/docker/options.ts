import { isAbsolute } from "node:path";
import { z } from "zod";

// Built on the first options given (the plugin's `options` imports this module lazily): `ao status`
// probes stored sessions without building any schema.

const SIZE = /^\d+(?:\.\d+)?[bkmg]?$/i;
const NETWORK = /^(?:none|host|bridge|private|slirp4netns|pasta|container:[\w.-]+|[\w][\w.-]*)$/;

const mount = z.strictObject({
  source: z.string().min(1).refine(isAbsolute, "must be an absolute path on this machine"),
  target: z.string().min(1).refine(isAbsolute, "must be an absolute path in the container"),
  readOnly: z.boolean().default(true).meta({ description: "Mounted read-only unless false." }),
});

const limit = z.number().int().min(1).max(1_048_576);

export const dockerRuntimeOptions = z.strictObject({
  engine: z.enum(["docker", "podman"]).default("docker").meta({
    description: "The container engine CLI: Docker Engine's `docker` or podman's compatible CLI.",
  }),
  image: z.string().min(1).optional().meta({
    description: "The image every session's container starts from: a shell, tmux, git and the agent CLI.",
  }),
  memory: z.string().regex(SIZE, "a size such as 2g or 512m").optional().meta({
    description: "Memory limit per container (`--memory`).",
  }),
  cpus: z
    .number()
    .positive()
    .max(512)
    .optional()
    .meta({ description: "CPU limit per container (`--cpus`)." }),
  network: z.string().regex(NETWORK, "a network name (none, bridge, host, …)").default("none").meta({
    description: "The container's network; `none` unless the agent must reach its API from inside.",
  }),
  mounts: z.array(mount).default([]).meta({
    description: "Extra bind mounts (the agent's credentials, a cache), read-only by default.",
  }),
  ulimits: z
    .strictObject({ nproc: limit.default(4096), nofile: limit.default(4096) })
    .default({ nproc: 4096, nofile: 4096 })
    .meta({ description: "Process and open-file limits, always set explicitly (`--ulimit`)." }),
  ociRuntime: z
    .string()
    .regex(/^[\w./-]+$/)
    .optional()
    .meta({
      description: "The OCI runtime (`--runtime`), e.g. runc where crun cannot set rlimits.",
    }),
  user: z
    .string()
    .regex(/^\d+(?::\d+)?$/, "uid or uid:gid")
    .optional()
    .meta({
      description:
        "uid:gid the container runs as; default the uid:gid running ao, so files in the worktree stay yours.",
    }),
  width: z.number().int().min(20).max(2000).default(220).meta({ description: "Pane width in columns." }),
  height: z.number().int().min(5).max(1000).default(50).meta({ description: "Pane height in rows." }),
  historyLimit: z.number().int().min(100).default(10_000).meta({ description: "Scrollback lines kept." }),
  startTimeoutMs: z.number().int().min(1000).default(60_000).meta({
    description: "How long creating and starting the container may take.",
  }),
  deliverTimeoutMs: z.number().int().min(100).default(30_000).meta({
    description: "How long a pasted message may take to show on screen before delivery is unconfirmed.",
  }),
  submitConfirmMs: z.number().int().min(50).default(4_000).meta({
    description: "How long to wait for the screen to react to Enter; doubles with each retry.",
  }),
  submitRetries: z.number().int().min(0).max(10).default(3).meta({
    description: "How many more times Enter is pressed when the screen did not react.",
  }),
});

export type DockerRuntimeOptions = z.output<typeof dockerRuntimeOptions>;
