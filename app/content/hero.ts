// The first screen's copy. Only the hero (a static island) renders it, so it is kept apart from ./site, which
// hydrated parts import: the browser needs it only when it renders the hero itself.
export const heroCopy = {
  eyebrow: "The CRM built for home and property service pros",
  title: "Capture every lead. Nurture every relationship. Complete more projects.",
  lead: "One business-in-a-box platform for contractors, service companies and property managers: answer inquiries in seconds, follow up automatically, schedule crews and get paid — without juggling five apps.",
};
