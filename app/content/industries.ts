export type Industry = { name: string; example: string };

export const industries: readonly Industry[] = [
  { name: "Roofing", example: "Storm-lead response, inspections and insurance claim tracking" },
  { name: "HVAC", example: "Maintenance agreements, tune-up reminders and replacement quotes" },
  { name: "Plumbing", example: "Emergency dispatch, flat-rate pricing and water heater follow-ups" },
  { name: "Electrical", example: "Panel upgrades, permits and EV charger installation projects" },
  { name: "Landscaping & Lawn Care", example: "Recurring routes, seasonal upsells and snow removal contracts" },
  {
    name: "Remodeling & General Contracting",
    example: "Multi-phase projects, change orders and subcontractor schedules",
  },
  { name: "Pest Control", example: "Quarterly service plans, route scheduling and renewal reminders" },
  { name: "Cleaning & Janitorial", example: "Recurring visits, checklists and commercial contract billing" },
  { name: "Painting", example: "Color consultations, on-site estimates and crew scheduling" },
  { name: "Solar & Energy", example: "Site surveys, financing options and long install pipelines" },
  { name: "Property Management", example: "Work orders, vendor coordination and owner reporting" },
  { name: "Home Lending & Mortgage", example: "Pre-approval follow-up, document reminders and referral partners" },
];
