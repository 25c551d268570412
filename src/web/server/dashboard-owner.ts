/** The dashboard route set's owner name: the route table names it in a collision, daemon.json lists it. */
export const DASHBOARD_OWNER = "dashboard";
