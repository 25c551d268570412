import { z } from "zod";
import type { AoContext } from "../../core/context.js";
import { HttpRefusal } from "../../core/http/index.js";
import { listPlans, readPlanCard } from "../../core/plans/index.js";
import type { Store } from "../../core/store/index.js";
import type { PlanListAnswer } from "../api/plan-types.js";
import { actionAnswer } from "./action-answer.js";
import { jsonBody, type DashboardRoute } from "./dashboard-guard.js";

const ApproveBody = z.strictObject({ revision: z.int().positive() });
const RejectBody = z.strictObject({ revision: z.int().positive(), reason: z.string().trim().min(1) });

/**
 * The plans on the dashboard (docs/plans.md, "On the dashboard"): the list, one plan's card,
 * approval and rejection — mutation routes, behind the dashboard's cookie and origin checks, so only
 * a person at the page decides; they call the same approvePlan as `ao plan approve`, and rejectPlan.
 */
export function planRoutes(options: {
  ctx: AoContext;
  store: Store;
  configPath: string;
  token: string;
}): DashboardRoute[] {
  const { ctx, store, configPath, token } = options;
  return [
    {
      kind: "read",
      method: "GET",
      path: "/api/plans",
      handle: () => ({ status: 200, body: planList(store) }),
    },
    {
      kind: "read",
      method: "GET",
      path: "/api/plans/:id",
      handle: (request) => {
        const card = readPlanCard(store, request.params.id ?? "");
        if (card === undefined) throw new HttpRefusal(404, `no plan ${request.params.id ?? ""}`);
        return { status: 200, body: card };
      },
    },
    {
      kind: "mutation",
      method: "POST",
      path: "/api/plans/:id/approve",
      handle: async (request) => {
        const parsed = ApproveBody.safeParse(await jsonBody(request));
        if (!parsed.success) throw new HttpRefusal(400, "bad request body: revision: a positive integer");
        const { approvePlan } = await import("../../core/plans/index.js");
        return actionAnswer(token, () =>
          approvePlan(ctx, request.params.id ?? "", parsed.data.revision, { by: "dashboard", configPath }),
        );
      },
    },
    {
      kind: "mutation",
      method: "POST",
      path: "/api/plans/:id/reject",
      handle: async (request) => {
        const parsed = RejectBody.safeParse(await jsonBody(request));
        if (!parsed.success)
          throw new HttpRefusal(400, "bad request body: revision: a positive integer; reason: the words why");
        const { rejectPlan } = await import("../../core/lifecycle/index.js");
        const { revision, reason } = parsed.data;
        return actionAnswer(token, () =>
          rejectPlan(ctx, request.params.id ?? "", { revision, reason, by: "dashboard", configPath }),
        );
      },
    },
  ];
}

/**
 * Each plan with its steps counted from its card: every step of the pipeline it runs (or would run,
 * before approval: the tickets have no rows yet), and those done.
 */
function planList(store: Store): PlanListAnswer {
  return {
    plans: listPlans(store).map((plan) => {
      const steps = readPlanCard(store, plan.id)?.steps ?? [];
      return {
        id: plan.id,
        project: plan.project,
        status: plan.status,
        revision: plan.revision,
        steps: steps.length,
        done: steps.filter((step) => step.state === "done").length,
      };
    }),
  };
}
