// Every statement here must describe what this site's code does; business policy appears once, in `legalPolicy`
// and in the retention settings the deleting job uses too, so the pages cannot disagree with each other or the code.
import { formatUsd, plans } from "./plans";
import { legalLinks, type LegalPageId } from "./legal-links";
import { plural } from "~/utils/plural";

/** `external` links open the other site in a new tab. */
export type InlineText = string | { text: string; href: string; external?: boolean };
export type LegalBlock = { paragraph: InlineText[] } | { list: InlineText[][] };
export type LegalSection = { id: string; heading: string; blocks: LegalBlock[] };
export type NavLink = { href: string; label: string };

export type LegalPageView = {
  current: LegalPageId;
  document: LegalDocument;
  brandName: string;
  copyrightYear: number;
  homeLinks: NavLink[];
  legalNav: (NavLink & { id: LegalPageId })[];
};

export type LegalDocument = {
  id: LegalPageId;
  path: `/${LegalPageId}`;
  title: string;
  metaTitle: string;
  metaDescription: string;
  summary: string;
  /** ISO date of the last change to the text. */
  lastUpdated: string;
  sections: LegalSection[];
};

export const legalContacts = {
  privacy: "privacy@groundworkcrm.com",
  security: "security@groundworkcrm.com",
  billing: "billing@groundworkcrm.com",
} as const;

/** Business policy: how long things are kept and how fast we answer. Used by every page that mentions them. */
export const legalPolicy = {
  privacyRequestResponseDays: 30,
  securityAcknowledgeBusinessDays: 3,
  securityDisclosureDays: 90,
  priceChangeNoticeDays: 30,
} as const;

/** How long things are kept: the retention job deletes on these and /privacy quotes them (RETENTION_* settings). */
export type RetentionPolicy = {
  leadMonths: number;
  orderYears: number;
  /** Delivery logs (sent e-mails and webhooks, their attempts) and server logs. */
  logDays: number;
  /** A rate-limit counter's window (RATE_LIMIT_WINDOW_SECONDS). */
  counterWindowSeconds: number;
};

export const retentionDefaults: RetentionPolicy = {
  leadMonths: 24,
  orderYears: 7,
  logDays: 30,
  counterWindowSeconds: 60,
};

/** "a minute", "90 seconds", "2 hours": a counter's window as a visitor reads it. */
export function windowInWords(seconds: number): string {
  if (seconds % 3600 === 0) return seconds === 3600 ? "an hour" : plural(seconds / 3600, "hour");
  if (seconds % 60 === 0) return seconds === 60 ? "a minute" : plural(seconds / 60, "minute");
  return plural(seconds, "second");
}

/** Also the sitemap's lastmod for the legal pages. */
export const LEGAL_LAST_UPDATED = "2026-11-28";

type DocumentText = Omit<LegalDocument, "id" | "path">;

const p = (...content: InlineText[]): LegalBlock => ({ paragraph: content });
const list = (...items: (InlineText | InlineText[])[]): LegalBlock => ({
  list: items.map((item) => (Array.isArray(item) ? item : [item])),
});
const mail = (address: string): InlineText => ({ text: address, href: `mailto:${address}` });
const page = (id: LegalPageId, hash = ""): InlineText => ({
  text: legalLinks[id].label,
  href: `${legalLinks[id].href}${hash}`,
});
const stripePrivacy: InlineText = {
  text: "Stripe's Privacy Policy",
  href: "https://stripe.com/privacy",
  external: true,
};

function privacyPolicy(brand: string, retention: RetentionPolicy): DocumentText {
  return {
    title: "Privacy Policy",
    metaTitle: `Privacy Policy — ${brand} CRM`,
    metaDescription: `What ${brand} collects when you request a demo or buy a plan, why, who processes it, how long we keep it and how to get a copy or have it deleted.`,
    summary: `This policy covers this website: the demo request form and the checkout where you buy a ${brand} plan. We collect only what those two forms ask for, we use it to answer you and to bill you, and we never sell it.`,
    lastUpdated: LEGAL_LAST_UPDATED,
    sections: [
      {
        id: "what-we-collect",
        heading: "What we collect",
        blocks: [
          p("When you request a demo, we store what you type into the form:"),
          list(
            "your first and last name, business e-mail address, phone number and company name (required);",
            "your monthly deal volume and your biggest challenges, if you choose to tell us;",
            "the time we received the request;",
            "which wording of the form's consent notice you agreed to, and the page the form was on, as the record of your consent.",
          ),
          p(
            "When you buy a plan, we store your company name, full name, e-mail address and phone number from the first step of the checkout, the plans and billing period you chose, the coupon code you applied, the amounts, and the status of your payment (pending, paid, expired or canceled).",
          ),
          p(
            "We do not collect your card number. You type your card details on the payment page of our card processor, Stripe, and they never pass through or stay on our servers.",
          ),
          p(
            "The demo form contains a hidden field that people never see; when an automated program fills it in, we discard the whole submission.",
          ),
        ],
      },
      {
        id: "why",
        heading: "Why we use it",
        blocks: [
          list(
            "To answer your demo request: our sales team contacts you within 24 hours to schedule your 15-minute demo.",
            `To send you information about your demo and about ${brand}. You agree to this when you submit the demo form, and you can opt out at any time by replying to any of our e-mails or by writing to us.`,
            "To take your order, charge the plans you chose through Stripe, send your receipt and start your onboarding.",
            "To keep our records of payments, as tax and accounting law requires.",
            ["To protect the forms from abuse, as our ", page("security", "#forms"), " page describes."],
          ),
          p(
            "We do not sell or rent your personal information, we do not share it for advertising, and this website sets no advertising or tracking cookies.",
          ),
        ],
      },
      {
        id: "who-processes-it",
        heading: "Who processes it for us",
        blocks: [
          p(
            "Three kinds of service providers handle your information on our behalf, only to provide their service to us:",
          ),
          list(
            [
              "Stripe, our card processor. We send Stripe your e-mail address, the plans, the billing period, the price and our order reference; Stripe collects your card and billing details on its own page and tells us whether the payment went through. See ",
              stripePrivacy,
              ".",
            ],
            "Our e-mail provider. When you request a demo, our server e-mails your request to our sales team through our e-mail provider (over SMTP), with your address as the reply-to, so that a salesperson can answer you.",
            "Our hosting provider, which runs the servers and the database where the demo requests and orders are stored.",
          ),
          p("Inside our company, only signed-in staff accounts can read demo requests and orders."),
        ],
      },
      {
        id: "cookies",
        heading: "Cookies",
        blocks: [
          p(
            "This site uses five cookies. All of them are needed for the site to work, none of them tracks you across other sites:",
          ),
          list(
            "gw_checkout keeps your details and your plan choice between the checkout steps. It expires after 2 hours and is deleted when your order is placed or you close the checkout.",
            "gw_demo remembers for 30 minutes which demo request you sent (for a booked demo also which booking) and the time zone you picked in, so the page keeps showing the thank-you message and can offer times to book the request at once.",
            "gw_toast carries a one-time notice (such as \u201cDemo Request Submitted!\u201d) to the next page you see, and is deleted once it is shown.",
            "gw_admin keeps our staff signed in to the admin pages for up to 8 hours. Visitors never receive it.",
            "gw_admin_device remembers for a year which staff account last signed in from this browser, so that account's next sign-in is let through first when the sign-in page is busy. Visitors never receive it.",
          ),
          p("Each cookie is signed, so it cannot be altered, and cannot be read by scripts in the page."),
        ],
      },
      {
        id: "retention",
        heading: "How long we keep it",
        blocks: [
          list(
            `Demo requests, with the demo booked through them and the e-mails and notifications that forwarded them: ${plural(retention.leadMonths, "month")} after we receive them, then we delete them.`,
            `Orders: ${plural(retention.orderYears, "year")} after the order, because tax and accounting law requires us to keep payment records.`,
            `Records of the e-mails and notifications we sent, and server logs, which record technical events such as errors and request identifiers: ${plural(retention.logDays, "day")}.`,
            `The counters that limit how often a form can be sent hold a keyed hash of your network address and of the e-mail address you typed, from which neither address can be read back. Each counts for ${windowInWords(retention.counterWindowSeconds)}, and is deleted within two hours after that.`,
            "Cookies: as listed above.",
          ),
          p("Stripe keeps its own payment records under its own policy."),
        ],
      },
      {
        id: "your-choices",
        heading: "Getting a copy, correcting or deleting your information",
        blocks: [
          p(
            "You can ask us at any time for a copy of what we hold about you (we send it as a CSV or JSON file), to correct it, to delete it, or to stop sending you marketing e-mails. Write to ",
            mail(legalContacts.privacy),
            ` from the e-mail address you used on our forms, so that we know the request is yours. We answer within ${legalPolicy.privacyRequestResponseDays} days.`,
          ),
          p(
            "We delete your demo requests, and any order you did not pay for, as soon as you ask. We cannot delete a paid order within the period the law requires us to keep it, but we stop using it for anything else and delete it when that period ends.",
          ),
          p(
            "If you are a customer, your data in the application is yours: you can export it at any time, and we help you move it for free.",
          ),
        ],
      },
      {
        id: "security",
        heading: "How we protect it",
        blocks: [
          p(
            "Every page is served over HTTPS, card details stay with Stripe, and staff passwords are stored only as slow one-way hashes. The details are on our ",
            page("security"),
            " page.",
          ),
        ],
      },
      {
        id: "children",
        heading: "Children",
        blocks: [
          p(
            `${brand} is a tool for businesses. This site is not meant for children under 16, and we do not knowingly collect their information.`,
          ),
        ],
      },
      {
        id: "changes",
        heading: "Changes to this policy",
        blocks: [
          p(
            "When we change this policy we publish the new version here with a new date at the top. If a change affects how we use information we already hold, we e-mail our customers before it takes effect.",
          ),
        ],
      },
      {
        id: "contact",
        heading: "Contact",
        blocks: [p("Questions about this policy or about your information: ", mail(legalContacts.privacy), ".")],
      },
    ],
  };
}

function termsOfService(brand: string): DocumentText {
  return {
    title: "Terms of Service",
    metaTitle: `Terms of Service — ${brand} CRM`,
    metaDescription: `The terms for using the ${brand} website, requesting a demo and buying a ${brand} subscription: prices, billing, renewal, cancellation and coupons.`,
    summary: `These terms apply when you use this website, request a demo or buy a ${brand} subscription through our checkout. By completing an order you agree to them and to our Privacy Policy.`,
    lastUpdated: LEGAL_LAST_UPDATED,
    sections: [
      {
        id: "demo-requests",
        heading: "Demo requests",
        blocks: [
          p(
            "A demo is free and comes with no obligation. After you submit the form, our team contacts you within 24 hours to schedule a 15-minute demo. Submitting the form means you agree to receive communications from us about your demo and our products; you can opt out at any time.",
          ),
          p("Please request a demo only for yourself and give details that are true and yours."),
        ],
      },
      {
        id: "plans-and-prices",
        heading: "Plans and prices",
        blocks: [
          p("Prices are in US dollars. You can buy one plan or several in one order, one of each:"),
          list(
            ...plans.map(
              (plan) =>
                `${plan.name}: ${formatUsd(plan.price)} per month, or ${formatUsd(plan.annualPrice)} per year with annual billing.`,
            ),
          ),
          p(
            "Annual billing means you pay 10 months and get 12. The amount you are charged is the total the order summary shows: our server works out every order from the prices above and refuses an order whose amount differs from its own.",
          ),
        ],
      },
      {
        id: "billing-and-renewal",
        heading: "Billing, renewal and cancellation",
        blocks: [
          list(
            "You pay in advance, by card, through Stripe's secure payment page. Your subscription starts when Stripe confirms the payment.",
            "Your subscription renews automatically at the end of each month or year until you cancel it.",
            `If we change a price, the new price applies only from a renewal at least ${legalPolicy.priceChangeNoticeDays} days after we tell you by e-mail.`,
            [
              "You can cancel at any time by writing to ",
              mail(legalContacts.billing),
              ". Cancelling stops the next renewal; you keep access until the end of the period you have paid for. We do not refund partial periods, except where the law requires it.",
            ],
          ),
        ],
      },
      {
        id: "coupons",
        heading: "Coupons",
        blocks: [
          p(
            "You can apply one coupon code per order. We check the code when you press Apply: a valid code shows its discount in the order summary before you pay, an unknown or expired code is not applied. Coupons have no cash value.",
          ),
        ],
      },
      {
        id: "acceptable-use",
        heading: "Using this website fairly",
        blocks: [
          p("Please do not:"),
          list(
            "send forms automatically or in bulk, or submit someone else's details;",
            "try to get around the limits on how often forms can be sent;",
            "try to get into parts of the site or data that are not meant for you.",
          ),
          p(
            "If you find a security problem, report it as our ",
            page("security", "#reporting"),
            " page describes: we welcome good-faith research.",
          ),
        ],
      },
      {
        id: "your-data",
        heading: "Your data",
        blocks: [
          p(
            "Our ",
            page("privacy"),
            " says what we collect and how we use it. As a customer, the data you keep in the application is yours: you can export it at any time, and we help you migrate it for free.",
          ),
        ],
      },
      {
        id: "availability",
        heading: "Changes to the site and to these terms",
        blocks: [
          p(
            "We improve this website and our plans over time. When we change these terms we publish the new version here with a new date at the top; changes that affect paying customers take effect at their next renewal, and we tell them by e-mail first.",
          ),
          p(
            "To the extent the law allows, our liability to you for anything arising from these terms is limited to the amount you paid us in the 12 months before the claim.",
          ),
        ],
      },
      {
        id: "contact",
        heading: "Contact",
        blocks: [
          p(
            "Billing, renewals and cancellations: ",
            mail(legalContacts.billing),
            ". Your information: ",
            mail(legalContacts.privacy),
            ".",
          ),
        ],
      },
    ],
  };
}

function securityPage(brand: string): DocumentText {
  return {
    title: "Security",
    metaTitle: `Security — ${brand} CRM`,
    metaDescription: `How the ${brand} website protects your information (Stripe Checkout for cards, HTTPS, a strict CSP, rate limits) and how to report a vulnerability.`,
    summary: `How this website protects the information you give us when you request a demo or buy a ${brand} plan, and how to tell us about a security problem.`,
    lastUpdated: LEGAL_LAST_UPDATED,
    sections: [
      {
        id: "card-payments",
        heading: "Card details never touch our servers",
        blocks: [
          p(
            "When you complete an order, your browser goes to Stripe Checkout, Stripe's own payment page, and you type your card details there. Our servers never receive, process or store card numbers, and our pages load no payment script at all. Stripe is certified to PCI DSS Level 1, the highest level of the card industry's security standard.",
          ),
          p(
            "Stripe tells our server that a payment went through with a signed message; we check the signature and apply each message once, however often it is delivered.",
          ),
        ],
      },
      {
        id: "encryption",
        heading: "Encrypted connections",
        blocks: [
          p(
            "Every page and form is served over HTTPS (TLS). Our server tells browsers, through HTTP Strict Transport Security, to use only HTTPS for this site and its subdomains for the next two years, so that a connection cannot be quietly downgraded.",
          ),
          p("Our cookies are marked Secure, HttpOnly and SameSite, and are signed so that they cannot be altered."),
        ],
      },
      {
        id: "browser-protections",
        heading: "What a page is allowed to do",
        blocks: [
          list(
            "A strict Content Security Policy lets the browser run only our own scripts, each named by its fingerprint in the page's headers; the site loads no third-party scripts, trackers or ads.",
            "Our forms can send their data only to us and to Stripe Checkout.",
            "No other site can show our pages inside a frame, so they cannot be used to trick you into clicking.",
            "Pages do not get your camera, microphone or location, and other sites learn at most our address when you follow a link.",
          ),
        ],
      },
      {
        id: "forms",
        heading: "Forms that resist abuse",
        blocks: [
          list(
            "Every field is checked on our server with the same rules as in your browser, and anything oversized or malformed is refused with a clear message.",
            "Forms posted from other websites are refused.",
            "How often the demo form and the checkout can be sent is limited per visitor, per e-mail address and in total, and a hidden field catches form-filling robots, whose requests meet the same limits.",
            "Online demo bookings can take at most a quarter of a day's times within 24 hours. Past that, a request for that day is saved without a time and our team contacts you to find one, and our staff can cancel a flood of bookings in one step.",
            "The e-mails and calendar invitations we send about a demo never repeat the name or company typed into the form, so no one can use them to send their own words in our name.",
            "The price of an order is always worked out on our server from our price list: a changed amount is refused, never charged.",
          ),
        ],
      },
      {
        id: "no-one-elses-data",
        heading: "No one else's details through our forms",
        blocks: [
          list(
            "Typing in someone else's name, e-mail address and company again shows only a plain thank-you: never their booked time or the links to change it.",
            "A checkout that reuses another checkout's attempt with other plans or details is refused: it never sees that order or its payment page.",
            "The private links we send you (to manage a booking, its calendar file, a test checkout) are never written to our server logs.",
            "The webhooks that pass new leads and orders to our other systems are only ever sent to public internet addresses, never to machines inside our own network.",
            "A request that fills the demo form's hidden robot trap is kept for our team to check by hand rather than thrown away, so a browser that fills it by mistake loses no one's request.",
          ),
        ],
      },
      {
        id: "personal-data",
        heading: "Your details where they need not be",
        blocks: [
          list(
            "The checkout cookie, which keeps your name, e-mail address and phone number between the checkout steps, is encrypted as well as signed, so neither your browser nor anyone who copies the cookie can read them.",
            "Our server logs record that an e-mail was sent, never your name, company, e-mail address or phone number.",
            "The counters that limit how often a form can be sent, or a staff account can try to sign in, keep a keyed hash of the network address, e-mail address or username, never the address itself.",
            "Finding or deleting everything we hold about an e-mail address, and deleting what has passed its retention period, goes through indexes, so it stays quick however many records we hold.",
            "The order confirmation page asks Stripe about a payment a limited number of times per visitor, so it cannot be used to flood Stripe in our name.",
            "If a payment arrives for an order that was deleted or had expired, our staff are alerted to refund it or complete the order; it is never silently kept.",
          ),
        ],
      },
      {
        id: "staff-access",
        heading: "Staff access",
        blocks: [
          list(
            "Demo requests and orders can be read only by signed-in staff accounts.",
            "Staff passwords are at least 12 characters long and are stored only as argon2id hashes (19 MiB of memory, 2 passes), never as the password itself.",
            "Sign-in attempts are limited to a few per minute for each account, and a wrong username and a wrong password get the same answer.",
            "A staff session ends after 8 hours; admin pages are never cached and never indexed by search engines.",
          ),
        ],
      },
      {
        id: "staff-links-and-sign-in",
        heading: "Staff calendar links and sign-in guesses",
        blocks: [
          list(
            "Each staff calendar link has a random key of its own, which we store only as a hash: staff can replace or turn off any one link, and a host's link stops working when the host is made inactive.",
            "Each staff account accepts only a few wrong passwords a minute, however many addresses they come from; staff still sign in from a browser they have used before.",
          ),
        ],
      },
      {
        id: "reporting",
        heading: "Reporting a vulnerability",
        blocks: [
          p(
            "If you believe you have found a security problem in this website, please write to ",
            mail(legalContacts.security),
            " with the address of the page, the steps to reproduce it and what an attacker could do with it.",
          ),
          list(
            `We acknowledge your report within ${legalPolicy.securityAcknowledgeBusinessDays} business days, keep you informed while we fix it, and credit you if you wish.`,
            `Please give us ${legalPolicy.securityDisclosureDays} days to fix the problem before you tell anyone else.`,
            "Test only with your own data and made-up leads, and do not read, change or delete other people's information.",
            "Do not run denial-of-service or load tests, send bulk form submissions, or try to trick our staff.",
          ),
          p(
            "If you follow these rules and act in good faith, we will not take legal action against you for your research.",
          ),
        ],
      },
      {
        id: "contact",
        heading: "Contact",
        blocks: [
          p(
            "Security reports: ",
            mail(legalContacts.security),
            ". Questions about your information: ",
            mail(legalContacts.privacy),
            " (see our ",
            page("privacy"),
            ").",
          ),
        ],
      },
    ],
  };
}

export function legalDocument(
  id: LegalPageId,
  brand: string,
  retention: RetentionPolicy = retentionDefaults,
): LegalDocument {
  const text = { privacy: privacyPolicy, terms: termsOfService, security: securityPage }[id];
  return { id, path: legalLinks[id].href, ...text(brand, retention) };
}
