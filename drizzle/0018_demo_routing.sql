CREATE TABLE "demo_routing_changes" (
	"id" text PRIMARY KEY NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"changed_by" text NOT NULL,
	"action" text NOT NULL,
	"subject_id" text,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "demo_routing_rules" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"position" integer NOT NULL,
	"conditions" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"outcome" text NOT NULL,
	"team_id" text,
	"self_serve_plan_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "demo_routing_rules_name_check" CHECK (char_length("demo_routing_rules"."name") between 1 and 80),
	CONSTRAINT "demo_routing_rules_outcome_check" CHECK ("demo_routing_rules"."outcome" in ('team', 'owner', 'self-serve', 'request-only')),
	CONSTRAINT "demo_routing_rules_plan_check" CHECK (("demo_routing_rules"."outcome" = 'self-serve') = ("demo_routing_rules"."self_serve_plan_id" is not null))
);
--> statement-breakpoint
CREATE TABLE "demo_routing_team_members" (
	"team_id" text NOT NULL,
	"host_id" text NOT NULL,
	"weight" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "demo_routing_team_members_team_id_host_id_pk" PRIMARY KEY("team_id","host_id"),
	CONSTRAINT "demo_routing_team_members_weight_check" CHECK ("demo_routing_team_members"."weight" between 1 and 100)
);
--> statement-breakpoint
CREATE TABLE "demo_routing_teams" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "demo_routing_teams_name_unique" UNIQUE("name"),
	CONSTRAINT "demo_routing_teams_name_check" CHECK (char_length("demo_routing_teams"."name") between 1 and 80)
);
--> statement-breakpoint
ALTER TABLE "demo_hosts" ADD COLUMN "daily_max" integer;--> statement-breakpoint
ALTER TABLE "demo_requests" ADD COLUMN "trade" text;--> statement-breakpoint
ALTER TABLE "demo_requests" ADD COLUMN "routing" jsonb;--> statement-breakpoint
ALTER TABLE "demo_routing_rules" ADD CONSTRAINT "demo_routing_rules_team_id_demo_routing_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."demo_routing_teams"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "demo_routing_team_members" ADD CONSTRAINT "demo_routing_team_members_team_id_demo_routing_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."demo_routing_teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "demo_routing_team_members" ADD CONSTRAINT "demo_routing_team_members_host_id_demo_hosts_id_fk" FOREIGN KEY ("host_id") REFERENCES "public"."demo_hosts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "demo_routing_changes_changed_at_idx" ON "demo_routing_changes" USING btree ("changed_at");--> statement-breakpoint
CREATE INDEX "demo_routing_rules_position_idx" ON "demo_routing_rules" USING btree ("position","created_at");--> statement-breakpoint
CREATE INDEX "demo_routing_team_members_host_idx" ON "demo_routing_team_members" USING btree ("host_id");--> statement-breakpoint
CREATE UNIQUE INDEX "demo_routing_teams_one_default_idx" ON "demo_routing_teams" USING btree ("is_default") WHERE "demo_routing_teams"."is_default";--> statement-breakpoint
ALTER TABLE "demo_hosts" ADD CONSTRAINT "demo_hosts_daily_max_check" CHECK ("demo_hosts"."daily_max" is null or "demo_hosts"."daily_max" >= 1);--> statement-breakpoint
ALTER TABLE "demo_requests" ADD CONSTRAINT "demo_requests_trade_check" CHECK (coalesce(char_length("demo_requests"."trade"), 0) <= 80);