-- Rows from before the rule: nobody could pay those providers by card, so payment was never really required.
UPDATE "users" SET "require_payment" = false WHERE "require_payment" AND NOT "stripe_connected";--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_payment_needs_stripe" CHECK (NOT "users"."require_payment" OR "users"."stripe_connected");
