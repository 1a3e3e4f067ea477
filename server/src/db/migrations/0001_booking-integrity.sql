-- One provider cannot be in two places (DESIGN.md D2, D4): active 1:1 bookings of a provider
-- (confirmed, or held) never overlap. Held bookings past their expiry are marked expired inside
-- the booking transaction before a new one is inserted, so they stop counting here.
CREATE EXTENSION IF NOT EXISTS btree_gist;
--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_no_provider_overlap"
  EXCLUDE USING gist ("provider_id" WITH =, tstzrange("starts_at", "ends_at", '[)') WITH &&)
  WHERE ("slot_id" IS NULL AND "status" IN ('held', 'confirmed'));
