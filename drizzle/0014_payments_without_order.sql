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
