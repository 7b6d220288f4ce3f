// In the order a visitor meets them: the dashboard shows the drop-off between neighbours.
export const funnelEvents = [
  "landing_view",
  "checkout_opened",
  "checkout_info_completed",
  "checkout_plan_chosen",
  "order_created",
  "order_paid",
  "demo_submitted",
  "demo_booked",
] as const;
export type FunnelEvent = (typeof funnelEvents)[number];

export const funnelEventLabels: Record<FunnelEvent, string> = {
  landing_view: "Landing page views",
  checkout_opened: "Checkout opened",
  checkout_info_completed: "Step 1 completed",
  checkout_plan_chosen: "Plan chosen",
  order_created: "Order created",
  order_paid: "Order paid",
  demo_submitted: "Demo form submitted",
  demo_booked: "Demo booked",
};
