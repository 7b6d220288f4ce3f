CREATE TABLE "demo_bookings" (
	"id" text PRIMARY KEY NOT NULL,
	"demo_request_id" text NOT NULL,
	"slot_start" timestamp with time zone NOT NULL,
	"slot_end" timestamp with time zone NOT NULL,
	"seat" smallint NOT NULL,
	"status" text DEFAULT 'booked' NOT NULL,
	"sequence" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"cancelled_at" timestamp with time zone,
	CONSTRAINT "demo_bookings_status_check" CHECK ("demo_bookings"."status" in ('booked', 'cancelled')),
	CONSTRAINT "demo_bookings_seat_check" CHECK ("demo_bookings"."seat" >= 1),
	CONSTRAINT "demo_bookings_slot_check" CHECK ("demo_bookings"."slot_end" > "demo_bookings"."slot_start")
);
--> statement-breakpoint
ALTER TABLE "demo_bookings" ADD CONSTRAINT "demo_bookings_demo_request_id_demo_requests_id_fk" FOREIGN KEY ("demo_request_id") REFERENCES "public"."demo_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "demo_bookings_slot_seat_booked_idx" ON "demo_bookings" USING btree ("slot_start","seat") WHERE "demo_bookings"."status" = 'booked';--> statement-breakpoint
CREATE UNIQUE INDEX "demo_bookings_one_live_per_request_idx" ON "demo_bookings" USING btree ("demo_request_id") WHERE "demo_bookings"."status" = 'booked';--> statement-breakpoint
CREATE INDEX "demo_bookings_demo_request_id_idx" ON "demo_bookings" USING btree ("demo_request_id");