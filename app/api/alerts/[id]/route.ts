import { endpoints } from "@/lib/api/contract";
import { DomainError } from "@/lib/errors/domain-error";
import { methods, route } from "@/lib/api/route.server";
import { deleteAlertRule, setAlertRulePaused } from "@/lib/alerts/rules.server";
import { getDb } from "@/lib/db/get-db.server";

export const dynamic = "force-dynamic";

const notFound = (id: number) => new DomainError("not_found", endpoints.updateAlert.notFound({ id: String(id) }));

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  PATCH: route(endpoints.updateAlert, async ({ params, user, body }) => {
    const rule = await setAlertRulePaused(getDb(), user.id, params.id, body.paused);
    if (!rule) throw notFound(params.id);
    return rule;
  }),
  DELETE: route(endpoints.deleteAlert, async ({ params, user }) => {
    if (!(await deleteAlertRule(getDb(), user.id, params.id))) throw notFound(params.id);
  }),
});
