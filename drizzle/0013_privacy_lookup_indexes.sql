CREATE INDEX "demo_requests_email_lower_idx" ON "demo_requests" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "orders_email_lower_idx" ON "orders" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "outbox_demo_request_id_idx" ON "outbox" USING btree (("payload"->>'demoRequestId'));--> statement-breakpoint
CREATE INDEX "outbox_booking_id_idx" ON "outbox" USING btree (("payload"->>'bookingId'));--> statement-breakpoint
CREATE INDEX "outbox_record_key_idx" ON "outbox" USING btree (("payload"->>'recordKey'));