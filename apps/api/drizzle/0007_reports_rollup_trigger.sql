-- Dashboard and reports (issue 9): the 15-minute slices of transaction_rollups.
-- transaction_rollup_fill sums the shop's transactions in [from_at, to_at) per slice (both ends
-- on slice boundaries) and writes them, replacing what a slice held.
CREATE FUNCTION transaction_rollup_fill(p_shop integer, from_at timestamptz, to_at timestamptz)
RETURNS void LANGUAGE sql AS $$
  DELETE FROM transaction_rollups
  WHERE shop_id = p_shop AND bucket_start >= from_at AND bucket_start < to_at;
  INSERT INTO transaction_rollups (shop_id, bucket_start, membership_cents, new_memberships,
    offer_cents, offer_count, online_count, pos_count, cash_count)
  SELECT p_shop,
    to_timestamp(floor(extract(epoch FROM created_at) / 900) * 900),
    coalesce(sum(amount_cents) FILTER (WHERE status = 'succeeded' AND kind <> 'offer_purchase'), 0),
    count(*) FILTER (WHERE status = 'succeeded' AND kind = 'membership_purchase'),
    coalesce(sum(amount_cents + cashback_used_cents) FILTER (WHERE status = 'succeeded' AND kind = 'offer_purchase'), 0),
    count(*) FILTER (WHERE status = 'succeeded' AND kind = 'offer_purchase'),
    count(*) FILTER (WHERE payment_type = 'online'),
    count(*) FILTER (WHERE payment_type = 'pos'),
    count(*) FILTER (WHERE payment_type = 'cash')
  FROM transactions
  WHERE shop_id = p_shop AND created_at >= from_at AND created_at < to_at
  GROUP BY 2;
$$;
--> statement-breakpoint
-- A change to a row in an already filled slice recomputes that slice (refunds, late inserts).
-- Rows of slices not filled yet (the last hour) cost one primary-key read of the state.
CREATE FUNCTION transactions_rollup_sync() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  filled timestamptz;
  slice timestamptz;
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    SELECT rolled_until INTO filled FROM transaction_rollup_state WHERE shop_id = OLD.shop_id;
    IF filled IS NOT NULL AND OLD.created_at < filled THEN
      slice := to_timestamp(floor(extract(epoch FROM OLD.created_at) / 900) * 900);
      PERFORM transaction_rollup_fill(OLD.shop_id, slice, slice + interval '15 minutes');
    END IF;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    SELECT rolled_until INTO filled FROM transaction_rollup_state WHERE shop_id = NEW.shop_id;
    IF filled IS NOT NULL AND NEW.created_at < filled THEN
      slice := to_timestamp(floor(extract(epoch FROM NEW.created_at) / 900) * 900);
      PERFORM transaction_rollup_fill(NEW.shop_id, slice, slice + interval '15 minutes');
    END IF;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER transactions_rollup_sync
AFTER INSERT OR UPDATE OR DELETE ON transactions
FOR EACH ROW EXECUTE FUNCTION transactions_rollup_sync();
