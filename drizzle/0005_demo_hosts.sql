CREATE TABLE "demo_host_time_off" (
	"id" text PRIMARY KEY NOT NULL,
	"host_id" text NOT NULL,
	"first_day" date NOT NULL,
	"last_day" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "demo_host_time_off_days_check" CHECK ("demo_host_time_off"."last_day" >= "demo_host_time_off"."first_day")
);
--> statement-breakpoint
CREATE TABLE "demo_hosts" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"time_zone" text NOT NULL,
	"weekly_hours" jsonb NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "demo_hosts_name_check" CHECK (char_length("demo_hosts"."name") between 1 and 80),
	CONSTRAINT "demo_hosts_email_check" CHECK (char_length("demo_hosts"."email") between 3 and 254)
);
--> statement-breakpoint
DROP INDEX "demo_bookings_slot_seat_booked_idx";--> statement-breakpoint
ALTER TABLE "demo_bookings" ALTER COLUMN "seat" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "demo_bookings" ADD COLUMN "host_id" text;--> statement-breakpoint
ALTER TABLE "demo_host_time_off" ADD CONSTRAINT "demo_host_time_off_host_id_demo_hosts_id_fk" FOREIGN KEY ("host_id") REFERENCES "public"."demo_hosts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "demo_host_time_off_host_idx" ON "demo_host_time_off" USING btree ("host_id","first_day");--> statement-breakpoint
ALTER TABLE "demo_bookings" ADD CONSTRAINT "demo_bookings_host_id_demo_hosts_id_fk" FOREIGN KEY ("host_id") REFERENCES "public"."demo_hosts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "demo_bookings_host_idx" ON "demo_bookings" USING btree ("host_id","slot_start");--> statement-breakpoint
-- Written by hand (drizzle cannot declare an exclusion constraint): no two live bookings of one host overlap.
-- btree_gist gives GiST the text equality of host_id; it is a trusted extension (PostgreSQL 13+), and PGlite
-- loads it (app/db/connection.server.ts).
CREATE EXTENSION IF NOT EXISTS btree_gist;--> statement-breakpoint
ALTER TABLE "demo_bookings" ADD CONSTRAINT "demo_bookings_host_busy_excl" EXCLUDE USING gist ("host_id" WITH =, tstzrange("slot_start", "slot_end") WITH &&) WHERE ("status" = 'booked');
