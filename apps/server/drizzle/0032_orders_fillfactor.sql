-- Room on each page of orders for the row's next version: recording the entry tick (orders/entry-recorder.ts)
-- rewrites every order about a second after it is placed, and changes no indexed column (0031), so
-- the new version stays on the same page (a HOT update, no index entries) when it fits there.
-- Applies to pages written from now on; existing pages keep their layout.
ALTER TABLE "orders" SET (fillfactor = 75);
