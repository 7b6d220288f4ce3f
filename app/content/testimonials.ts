export type Testimonial = {
  rating: 1 | 2 | 3 | 4 | 5;
  text: string;
  name: string;
  role: string;
};

export const testimonials: readonly Testimonial[] = [
  {
    rating: 5,
    text: "Storm season used to bury us. Now every web form and missed call gets a text back in under a minute, and the estimate lands on a calendar slot my crew leads can actually make. We booked 41 more inspections last spring with the same office staff.",
    name: "Marcus Delgado",
    role: "Owner, Delgado Roofing & Exteriors — Phoenix, AZ",
  },
  {
    rating: 5,
    text: "Maintenance agreements were our weak spot. The renewal reminders and tune-up booking links run on their own, and our membership base grew from 310 to 520 homes in eight months.",
    name: "Priya Natarajan",
    role: "General Manager, Comfort First Heating & Air — Columbus, OH",
  },
  {
    rating: 5,
    text: "We manage 640 units across three counties. Work orders, vendor assignments and tenant updates finally live in one place, and owners get a monthly report without anyone building it by hand.",
    name: "Dana Whitfield",
    role: "Director of Operations, Keystone Property Group — Charlotte, NC",
  },
  {
    rating: 4,
    text: "Setup took an afternoon with the landscaping snapshot. The seasonal campaigns for aeration and fall cleanup filled our September schedule before Labor Day. I'd like more payroll options, but it replaced three tools for us.",
    name: "Tom Brennan",
    role: "Founder, Greenline Landscape Co. — Boise, ID",
  },
  {
    rating: 5,
    text: "Our techs close out the job on their phones, the invoice goes out with a pay link, and a review request follows two hours later. Our Google rating went from 4.3 to 4.8 with nearly 200 new reviews.",
    name: "Keisha Morgan",
    role: "Co-owner, Flow Right Plumbing — Atlanta, GA",
  },
  {
    rating: 5,
    text: "Remodels run for months, and clients want to know what is happening. The project timeline texts homeowners at every milestone, so the 'just checking in' calls to my office dropped to almost nothing.",
    name: "Luis Romero",
    role: "President, Romero Build & Remodel — San Antonio, TX",
  },
];
