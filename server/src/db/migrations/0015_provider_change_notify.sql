-- Tells every app process which provider's public answers changed (docs/decisions/0017-pushed-provider-changes.md):
-- a NOTIFY on slotted_provider_changes with the provider's id, sent at commit, for each write to what the
-- profile and slots answers read that is not the provider's own data (bumped in provider_versions).
-- Duplicate payloads within one transaction are sent once by PostgreSQL.
CREATE FUNCTION notify_provider_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  column_name text := TG_ARGV[0];
  old_id text;
  new_id text;
BEGIN
  IF TG_OP <> 'INSERT' THEN old_id := to_jsonb(OLD) ->> column_name; END IF;
  IF TG_OP <> 'DELETE' THEN new_id := to_jsonb(NEW) ->> column_name; END IF;
  IF old_id IS NOT NULL THEN PERFORM pg_notify('slotted_provider_changes', old_id); END IF;
  IF new_id IS NOT NULL AND new_id IS DISTINCT FROM old_id THEN PERFORM pg_notify('slotted_provider_changes', new_id); END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A waitlist entry names its class occurrence, whose provider it is.
CREATE FUNCTION notify_waitlist_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('slotted_provider_changes', s.provider_id::text)
  FROM slots s WHERE s.id IN (CASE WHEN TG_OP <> 'INSERT' THEN OLD.slot_id END, CASE WHEN TG_OP <> 'DELETE' THEN NEW.slot_id END);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER provider_versions_notify AFTER INSERT OR UPDATE OR DELETE ON provider_versions FOR EACH ROW EXECUTE FUNCTION notify_provider_change('provider_id');
--> statement-breakpoint
CREATE TRIGGER appointments_notify AFTER INSERT OR UPDATE OR DELETE ON appointments FOR EACH ROW EXECUTE FUNCTION notify_provider_change('provider_id');
--> statement-breakpoint
CREATE TRIGGER slots_notify AFTER INSERT OR UPDATE OR DELETE ON slots FOR EACH ROW EXECUTE FUNCTION notify_provider_change('provider_id');
--> statement-breakpoint
CREATE TRIGGER calendar_busy_times_notify AFTER INSERT OR UPDATE OR DELETE ON calendar_busy_times FOR EACH ROW EXECUTE FUNCTION notify_provider_change('user_id');
--> statement-breakpoint
CREATE TRIGGER waitlist_entries_notify AFTER INSERT OR UPDATE OR DELETE ON waitlist_entries FOR EACH ROW EXECUTE FUNCTION notify_waitlist_change();
