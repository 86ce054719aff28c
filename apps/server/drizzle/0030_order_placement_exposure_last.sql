-- order_placement_snapshot takes a third argument (p_lock_exposure): the old one goes; its file
-- (functions/order_placement_snapshot.sql) creates the new one after the migrations.
DROP FUNCTION IF EXISTS order_placement_snapshot(jsonb, timestamptz);
