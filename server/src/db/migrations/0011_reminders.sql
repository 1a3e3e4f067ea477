ALTER TABLE "appointments" ADD COLUMN "reminded_starts_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "policies" ADD COLUMN "reminder_hours_before" integer DEFAULT 24 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "reminders" boolean DEFAULT true NOT NULL;--> statement-breakpoint
CREATE INDEX "appointments_confirmed_start" ON "appointments" USING btree ("starts_at") WHERE "appointments"."status" = 'confirmed';