import { testimonials, type Testimonial } from "~/content/testimonials";
import { SectionHeading } from "./section-heading";

/** Stars as text, named as an image, so one element serves all five. */
function Stars({ rating }: { rating: Testimonial["rating"] }) {
  return (
    <p
      role="img"
      aria-label={`Rated ${rating} out of 5`}
      className="text-xl leading-none tracking-wider text-amber-500"
    >
      {"★".repeat(rating)}
      {rating < 5 && <span className="text-slate-300">{"★".repeat(5 - rating)}</span>}
    </p>
  );
}

function initials(name: string) {
  return name
    .split(" ")
    .map((part) => part[0])
    .join("")
    .slice(0, 2);
}

export function Testimonials() {
  return (
    <section aria-labelledby="testimonials-title" className="scroll-mt-20 bg-white py-16 sm:py-24">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <SectionHeading
          id="testimonials-title"
          eyebrow="Customer stories"
          title="Owners who stopped losing leads in the shuffle"
          lead="Roofers, HVAC and plumbing companies, landscapers and property managers run their day on it."
        />
        <ul className="mt-12 grid gap-6 md:grid-cols-2 lg:grid-cols-3">
          {testimonials.map((item) => (
            <li key={item.name}>
              <figure className="flex h-full flex-col rounded-2xl border border-slate-200 bg-slate-50 p-6">
                <Stars rating={item.rating} />
                <blockquote className="mt-4 flex-1 text-base leading-relaxed text-slate-800">“{item.text}”</blockquote>
                {/* Initials come from ::before (.avatar-initials). */}
                <figcaption
                  data-initials={initials(item.name)}
                  className="avatar-initials mt-6 grid grid-cols-[auto_1fr] items-center gap-x-3"
                >
                  <span className="font-semibold text-slate-900">{item.name}</span>
                  <span className="text-sm text-slate-600">{item.role}</span>
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
