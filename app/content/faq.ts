// The spec's questions, with the catalogue's plan names (Elevate → Scale Master, Command → Power Platform).

export type FaqItem = { id: string; question: string; answer: string };

export const faqItems: readonly FaqItem[] = [
  {
    id: "setup-time",
    question: "How long does it take to get set up?",
    answer:
      "Most businesses are up and running in under 2 hours. Snapshot onboarding loads a ready-made setup for your trade — pipelines, follow-up sequences, booking calendar, and estimate and invoice templates — so you only add your logo, services and team. Premium customers on Scale Master and Power Platform also get white-glove setup: a specialist imports your contacts, connects your phone number and email, and builds your first workflows with you.",
  },
  {
    id: "support",
    question: "What kind of support do you offer?",
    answer:
      "Every plan includes 24/7 live chat and email support from people who know the platform and the trades it serves. Scale Master and Power Platform customers also get priority phone support and a dedicated customer success manager who checks in regularly, reviews your results and helps you roll out new automations.",
  },
  {
    id: "security",
    question: "How secure is my data?",
    answer:
      "Your data is protected with bank-level encryption: 256-bit SSL/TLS in transit and encryption at rest. Our infrastructure is audited to SOC 2 Type II and backed by a 99.99% uptime SLA. Texting and calling tools are built for TCPA compliance with consent capture, quiet hours and automatic opt-out handling, and we support GDPR requests and state lending compliance requirements for teams that offer financing.",
  },
  {
    id: "branding",
    question: "Can I customize the platform with my own branding?",
    answer:
      "Yes. The platform is fully white-labeled: your logo, colors and domain appear on booking pages, estimates, invoices, client portals and emails, so your customers only ever see your brand. Power Platform adds custom CSS and branded mobile apps published under your company name.",
  },
  {
    id: "data-ownership",
    question: "Who owns my data, and can I take it with me?",
    answer:
      "You own your data. Export your contacts, jobs, estimates, invoices and conversation history at any time as CSV files, with no fees and no waiting on a support ticket. If you are switching from another CRM or from spreadsheets, our migration team moves your existing data in for free.",
  },
  {
    id: "integrations",
    question: "Can you build custom integrations with the tools we already use?",
    answer:
      "Most teams never need to: beyond the 500+ built-in ways to connect, our Zapier integration links to more than 5,000 apps, from accounting and payroll to supplier portals. When you need something deeper, Power Platform customers get priority custom integration development for in-house and industry-specific systems.",
  },
];
