export const heroCopy = {
  eyebrow: "The CRM built for home and property service pros",
  title: "Capture every lead. Nurture every relationship. Complete more projects.",
  lead: "One business-in-a-box platform for contractors, service companies and property managers: answer inquiries in seconds, follow up automatically, schedule crews and get paid — without juggling five apps.",
};
