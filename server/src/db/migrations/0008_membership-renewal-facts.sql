ALTER TABLE "memberships" ADD COLUMN "unpaid_from" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "memberships" ADD COLUMN "ends_in_period_of" timestamp with time zone;