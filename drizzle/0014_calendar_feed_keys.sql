CREATE TABLE "calendar_feed_keys" (
	"feed" text PRIMARY KEY NOT NULL,
	"host_id" text,
	"key_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "calendar_feed_keys" ADD CONSTRAINT "calendar_feed_keys_host_id_demo_hosts_id_fk" FOREIGN KEY ("host_id") REFERENCES "public"."demo_hosts"("id") ON DELETE cascade ON UPDATE no action;