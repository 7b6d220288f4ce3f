ALTER TABLE "demo_bookings" ADD COLUMN "released_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "demo_bookings" ADD COLUMN "released_by" text;--> statement-breakpoint
ALTER TABLE "demo_requests" ADD COLUMN "held_back_slot_start" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "demo_requests_held_back_idx" ON "demo_requests" USING btree ("held_back_slot_start") WHERE "demo_requests"."held_back_slot_start" is not null;