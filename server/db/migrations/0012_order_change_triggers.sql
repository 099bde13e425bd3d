-- Every write that changes what GET /v4/order/{id} answers announces the order on the change channel (issue 16): the
-- order row, its ledger, its wash codes and its discounts. The code announces state transitions too; Postgres folds
-- identical notifications of one transaction into one. The per-order version cache (services/orders/order-versions.ts)
-- and the order's event stream rely on this being complete, whoever writes.
CREATE OR REPLACE FUNCTION fc_announce_order() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  order_id text;
BEGIN
  IF TG_TABLE_NAME = 'orders' THEN
    IF TG_OP = 'DELETE' THEN
      order_id := OLD.id;
    ELSE
      order_id := NEW.id;
    END IF;
  ELSIF TG_OP = 'DELETE' THEN
    order_id := OLD.order_id;
  ELSE
    order_id := NEW.order_id;
    IF TG_OP = 'UPDATE' AND OLD.order_id IS DISTINCT FROM NEW.order_id AND OLD.order_id IS NOT NULL THEN
      PERFORM pg_notify('fc_changes', 'o:' || OLD.order_id);
    END IF;
  END IF;
  IF order_id IS NOT NULL THEN
    PERFORM pg_notify('fc_changes', 'o:' || order_id);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER fc_orders_changed AFTER INSERT OR UPDATE OR DELETE ON orders
  FOR EACH ROW EXECUTE FUNCTION fc_announce_order();
--> statement-breakpoint
CREATE TRIGGER fc_payment_ledger_changed AFTER INSERT OR UPDATE OR DELETE ON payment_ledger
  FOR EACH ROW EXECUTE FUNCTION fc_announce_order();
--> statement-breakpoint
CREATE TRIGGER fc_redemption_codes_changed AFTER INSERT OR UPDATE OR DELETE ON redemption_codes
  FOR EACH ROW EXECUTE FUNCTION fc_announce_order();
--> statement-breakpoint
CREATE TRIGGER fc_order_discounts_changed AFTER INSERT OR UPDATE OR DELETE ON order_discounts
  FOR EACH ROW EXECUTE FUNCTION fc_announce_order();
--> statement-breakpoint
-- A session revoked or deleted (logout, password change, account deletion) is announced as "x:<session id>": every API
-- process drops it from its session cache at once (services/auth/session-cache.ts).
CREATE OR REPLACE FUNCTION fc_announce_session() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('fc_changes', 'x:' || OLD.id);
  ELSIF NEW.revoked_at IS DISTINCT FROM OLD.revoked_at OR NEW.expires_at IS DISTINCT FROM OLD.expires_at
    OR NEW.temp_pass IS DISTINCT FROM OLD.temp_pass OR NEW.user_id IS DISTINCT FROM OLD.user_id THEN
    PERFORM pg_notify('fc_changes', 'x:' || NEW.id);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER fc_sessions_changed AFTER UPDATE OR DELETE ON sessions
  FOR EACH ROW EXECUTE FUNCTION fc_announce_session();
--> statement-breakpoint
-- What a cached session carries of its user (account, email, guest or not) changed: "u:<user id>".
CREATE OR REPLACE FUNCTION fc_announce_user() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('fc_changes', 'u:' || OLD.id);
  ELSIF NEW.email IS DISTINCT FROM OLD.email OR NEW.is_guest IS DISTINCT FROM OLD.is_guest
    OR NEW.account_id IS DISTINCT FROM OLD.account_id THEN
    PERFORM pg_notify('fc_changes', 'u:' || NEW.id);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER fc_users_changed AFTER UPDATE OR DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION fc_announce_user();
