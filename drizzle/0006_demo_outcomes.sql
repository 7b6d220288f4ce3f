ALTER TABLE "demo_bookings" ADD COLUMN "outcome" text;--> statement-breakpoint
ALTER TABLE "demo_bookings" ADD COLUMN "outcome_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "demo_bookings_live_slot_start_idx" ON "demo_bookings" USING btree ("slot_start") WHERE "demo_bookings"."status" = 'booked';--> statement-breakpoint
ALTER TABLE "demo_bookings" ADD CONSTRAINT "demo_bookings_outcome_check" CHECK ("demo_bookings"."outcome" is null or "demo_bookings"."outcome" in ('held', 'no-show', 'host-cancelled'));--> statement-breakpoint
ALTER TABLE "demo_bookings" ADD CONSTRAINT "demo_bookings_outcome_at_check" CHECK (("demo_bookings"."outcome" is null) = ("demo_bookings"."outcome_at" is null));