CREATE TABLE "payments_without_order" (
	"id" text PRIMARY KEY NOT NULL,
	"stripe_event_id" text NOT NULL,
	"provider_session_id" text NOT NULL,
	"order_ref" text,
	"reason" text NOT NULL,
	"amount_total_cents" integer,
	"currency" text,
	"livemode" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_without_order_stripe_event_id_unique" UNIQUE("stripe_event_id")
);
--> statement-breakpoint
CREATE INDEX "demo_requests_email_lower_idx" ON "demo_requests" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "orders_email_lower_idx" ON "orders" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "outbox_demo_request_id_idx" ON "outbox" USING btree (("payload"->>'demoRequestId'));--> statement-breakpoint
CREATE INDEX "outbox_booking_id_idx" ON "outbox" USING btree (("payload"->>'bookingId'));--> statement-breakpoint
CREATE INDEX "outbox_record_key_idx" ON "outbox" USING btree (("payload"->>'recordKey'));