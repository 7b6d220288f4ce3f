CREATE TABLE "funnel_daily_counts" (
	"day" date NOT NULL,
	"event" text NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "funnel_daily_counts_day_event_pk" PRIMARY KEY("day","event"),
	CONSTRAINT "funnel_daily_counts_event_check" CHECK ("funnel_daily_counts"."event" in ('landing_view', 'checkout_opened', 'checkout_info_completed', 'checkout_plan_chosen', 'order_created', 'order_paid', 'demo_submitted', 'demo_booked')),
	CONSTRAINT "funnel_daily_counts_count_check" CHECK ("funnel_daily_counts"."count" >= 0)
);
--> statement-breakpoint
ALTER TABLE "demo_requests" ADD COLUMN "utm_source" text;--> statement-breakpoint
ALTER TABLE "demo_requests" ADD COLUMN "utm_medium" text;--> statement-breakpoint
ALTER TABLE "demo_requests" ADD COLUMN "utm_campaign" text;--> statement-breakpoint
ALTER TABLE "demo_requests" ADD COLUMN "utm_term" text;--> statement-breakpoint
ALTER TABLE "demo_requests" ADD COLUMN "utm_content" text;--> statement-breakpoint
ALTER TABLE "demo_requests" ADD COLUMN "click_id" text;--> statement-breakpoint
ALTER TABLE "demo_requests" ADD COLUMN "referrer_host" text;--> statement-breakpoint
ALTER TABLE "demo_requests" ADD COLUMN "landing_path" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "utm_source" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "utm_medium" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "utm_campaign" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "utm_term" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "utm_content" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "click_id" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "referrer_host" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "landing_path" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "paid_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "orders_paid_at_idx" ON "orders" USING btree ("paid_at") WHERE "orders"."status" = 'paid';--> statement-breakpoint
ALTER TABLE "demo_requests" ADD CONSTRAINT "demo_requests_utm_length_check" CHECK (coalesce(char_length("demo_requests"."utm_source"), 0) <= 100
        and coalesce(char_length("demo_requests"."utm_medium"), 0) <= 100
        and coalesce(char_length("demo_requests"."utm_campaign"), 0) <= 100
        and coalesce(char_length("demo_requests"."utm_term"), 0) <= 100
        and coalesce(char_length("demo_requests"."utm_content"), 0) <= 100);--> statement-breakpoint
ALTER TABLE "demo_requests" ADD CONSTRAINT "demo_requests_click_id_check" CHECK ("demo_requests"."click_id" is null or "demo_requests"."click_id" in ('gclid', 'fbclid', 'msclkid'));--> statement-breakpoint
ALTER TABLE "demo_requests" ADD CONSTRAINT "demo_requests_referrer_landing_length_check" CHECK (coalesce(char_length("demo_requests"."referrer_host"), 0) <= 253
        and coalesce(char_length("demo_requests"."landing_path"), 0) <= 200);--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_utm_length_check" CHECK (coalesce(char_length("orders"."utm_source"), 0) <= 100
        and coalesce(char_length("orders"."utm_medium"), 0) <= 100
        and coalesce(char_length("orders"."utm_campaign"), 0) <= 100
        and coalesce(char_length("orders"."utm_term"), 0) <= 100
        and coalesce(char_length("orders"."utm_content"), 0) <= 100);--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_click_id_check" CHECK ("orders"."click_id" is null or "orders"."click_id" in ('gclid', 'fbclid', 'msclkid'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_referrer_landing_length_check" CHECK (coalesce(char_length("orders"."referrer_host"), 0) <= 253
        and coalesce(char_length("orders"."landing_path"), 0) <= 200);--> statement-breakpoint
-- Orders paid before this column existed were last updated when they were paid.
UPDATE "orders" SET "paid_at" = "updated_at" WHERE "status" = 'paid' AND "paid_at" IS NULL;
