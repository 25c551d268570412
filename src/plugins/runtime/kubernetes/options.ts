import { z } from "zod";

// The options of runtime/kubernetes, imported on the first options the plugin is given, so a CLI
// that never uses Kubernetes builds none of this.

const quantity = z
  .string()
  .regex(/^[0-9]+(\.[0-9]+)?(m|k|Ki|M|Mi|G|Gi|T|Ti)?$/, "a Kubernetes quantity such as 500m, 2, 4Gi");
const resourceList = z.strictObject({ cpu: quantity.optional(), memory: quantity.optional() });
const labelValue = z
  .string()
  .max(63)
  .regex(/^([A-Za-z0-9]([-A-Za-z0-9_.]*[A-Za-z0-9])?)?$/);

const toleration = z.strictObject({
  key: z.string().optional(),
  operator: z.enum(["Exists", "Equal"]).optional(),
  value: z.string().optional(),
  effect: z.enum(["NoSchedule", "PreferNoSchedule", "NoExecute"]).optional(),
  tolerationSeconds: z.number().int().optional(),
});

const workspace = z.strictObject({
  seed: z.enum(["bundle", "clone", "none"]).default("bundle").meta({
    description:
      "bundle: the host checkout's branch goes in as a git bundle through exec (the pod needs no git host); clone: an init container clones `repository` at the exact base commit; none: an empty working directory.",
  }),
  repository: z.string().min(1).optional().meta({
    description: "clone: the URL the init container clones (default: the host checkout's origin).",
  }),
  mountPath: z
    .string()
    .regex(/^\/[^\0]*$/, "an absolute path")
    .default("/workspace")
    .meta({ description: "Where the checkout is in the pod: the agent's working directory." }),
  persistentVolumeClaim: z.string().min(1).optional().meta({
    description: "An existing claim to keep checkouts on (one subPath per session) instead of an emptyDir.",
  }),
  image: z.string().min(1).optional().meta({ description: "The init container's image (default: `image`)." }),
});

export const kubernetesRuntimeOptions = z.strictObject({
  image: z
    .string()
    .min(1)
    .meta({ description: "The agent's image: a shell, tmux, git, base64 and the agent CLI." }),
  kubeconfig: z
    .string()
    .min(1)
    .optional()
    .meta({ description: "kubectl --kubeconfig (default: kubectl's own)." }),
  context: z.string().min(1).optional().meta({ description: "kubectl --context." }),
  namespace: z
    .string()
    .regex(/^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/)
    .max(63)
    .optional()
    .meta({
      description: "kubectl --namespace (default: the context's).",
    }),
  requestTimeout: z
    .string()
    .regex(/^[0-9]+(ms|s|m)$/, "a duration such as 20s")
    .default("20s")
    .meta({
      description: "kubectl --request-timeout for every call.",
    }),
  startTimeoutMs: z.number().int().min(1000).default(180_000).meta({
    description: "How long a pod may take to be scheduled, pull its image and start.",
  }),
  resources: z
    .strictObject({ requests: resourceList.optional(), limits: resourceList.optional() })
    .optional(),
  runtimeClassName: z.string().min(1).optional(),
  nodeSelector: z.record(z.string(), labelValue).optional(),
  tolerations: z.array(toleration).optional(),
  imagePullSecrets: z.array(z.string().min(1)).optional(),
  workspace: workspace.prefault({}),
  width: z.number().int().min(20).max(2000).default(220),
  height: z.number().int().min(5).max(1000).default(50),
  historyLimit: z.number().int().min(100).default(10_000),
  deliverTimeoutMs: z.number().int().min(100).default(15_000),
  submitConfirmMs: z.number().int().min(50).default(2_000),
  submitRetries: z.number().int().min(0).max(10).default(3),
});

export type KubernetesRuntimeOptions = z.output<typeof kubernetesRuntimeOptions>;
