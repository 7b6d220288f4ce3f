import type { DashboardChart } from "~/utils/dashboard-tables";

export const dashboardChartCopy: Record<DashboardChart, { title: string; description: string }> = {
  leads: { title: "Leads per day", description: "Demo requests by the day they were sent." },
  orders: {
    title: "Orders and paid revenue per day",
    description: "Orders by the day they were created (any status); paid revenue by the day the payment was confirmed.",
  },
  mrr: {
    title: "Monthly recurring revenue",
    description:
      "On each day, the monthly value of every order paid on or before it: a monthly order counts its total, an annual order a twelfth of it. There is no cancellation data yet, so no churn is subtracted.",
  },
  funnel: {
    title: "Funnel",
    description:
      "Daily counters without cookies or personal data (visitors who send Do Not Track or Global Privacy Control, and bots, are not counted). The drop-off is the share of the previous step that did not reach the next one.",
  },
  sources: {
    title: "Top sources",
    description:
      "utm_source, else the referring site, else “(direct)”; ranked by paid revenue, then orders, then leads.",
  },
  campaigns: {
    title: "Top campaigns",
    description: "utm_campaign, else “(none)”; ranked by paid revenue, then orders, then leads.",
  },
  showrate: {
    title: "Demo show rate per week",
    description:
      "Booked demos whose slot has ended, by the week of the demo (Monday to Sunday in the business’s time zone; a week at either end of the range counts only its days inside it). Show rate = held ÷ (held + no-show); demos cancelled by the host and demos not yet marked are counted but not rated.",
  },
  rules: {
    title: "Leads per routing rule",
    description:
      "Demo requests sent in the range, by the routing rule they matched when they came in (the default when none did), with their bookings not cancelled and their ended demos marked held. Leads sent before routing was set up, and suspected spam, are not counted.",
  },
  hosts: {
    title: "Demos per host",
    description:
      "Bookings: every booking not cancelled whose demo falls in the range, ended or upcoming. Show rate: held ÷ (held + no-show) of the host’s ended demos; demos cancelled by the host and demos not yet marked are not rated. Every active host is listed.",
  },
};
