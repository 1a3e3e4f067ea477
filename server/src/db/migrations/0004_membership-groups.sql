-- A membership keeps the service groups it was sold with (docs/product-rules.md#memberships-and-credits):
-- editing a plan must not change what a client paid for, nor leave a booking pointing at a group
-- that was removed. Until this migration nothing wrote memberships, so no row needs moving.
CREATE TABLE "membership_group_services" (
	"group_id" integer NOT NULL,
	"service_id" integer NOT NULL,
	CONSTRAINT "membership_group_services_group_id_service_id_pk" PRIMARY KEY("group_id","service_id")
);
--> statement-breakpoint
CREATE TABLE "membership_groups" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "membership_groups_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"membership_id" uuid NOT NULL,
	"quantity" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "membership_groups_quantity" CHECK ("membership_groups"."quantity" BETWEEN 1 AND 1000)
);
--> statement-breakpoint
ALTER TABLE "appointments" DROP CONSTRAINT "appointments_membership_group_id_plan_groups_id_fk";
--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "period_start" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "membership_group_services" ADD CONSTRAINT "membership_group_services_group_id_membership_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."membership_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "membership_group_services" ADD CONSTRAINT "membership_group_services_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "membership_groups" ADD CONSTRAINT "membership_groups_membership_id_memberships_id_fk" FOREIGN KEY ("membership_id") REFERENCES "public"."memberships"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "membership_groups_membership" ON "membership_groups" USING btree ("membership_id");--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_membership_group_id_membership_groups_id_fk" FOREIGN KEY ("membership_group_id") REFERENCES "public"."membership_groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "appointments_membership" ON "appointments" USING btree ("membership_id") WHERE "appointments"."membership_id" IS NOT NULL;