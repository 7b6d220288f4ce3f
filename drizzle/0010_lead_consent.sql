CREATE TABLE "consent_disclosures" (
	"version" text PRIMARY KEY NOT NULL,
	"text" text NOT NULL,
	"first_agreed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "demo_requests" ADD COLUMN "consent_version" text;--> statement-breakpoint
ALTER TABLE "demo_requests" ADD COLUMN "consent_page" text;