CREATE TABLE "erasure_audit" (
	"id" text PRIMARY KEY NOT NULL,
	"erased_at" timestamp with time zone NOT NULL,
	"erased_by" text NOT NULL,
	"leads" integer NOT NULL,
	"bookings" integer NOT NULL,
	"orders_erased" integer NOT NULL,
	"orders_kept" integer NOT NULL,
	"messages" integer NOT NULL
);
--> statement-breakpoint
-- Endpoints that receive leads hear of their erasure too (GDPR Art. 17(2)).
UPDATE "webhook_endpoints" SET "event_types" = array_append("event_types", 'lead.erased') WHERE 'lead.created' = ANY("event_types") AND NOT 'lead.erased' = ANY("event_types");
