-- Room on each page of orders for the rows' next versions: recording the entry tick (orders/entry-recorder.ts)
-- rewrites every order about a second after it is placed, and changes no indexed column (0031), so
-- the new version stays on the same page (a HOT update, no index entries) when it fits there. The
-- entries of the orders of one page are written together, in one statement, so the page needs room
-- for all of them at once: half of it (measured: 75 kept about 40 % of the entries HOT, 50 about 96 %).
-- Applies to pages written from now on; existing pages keep their layout.
ALTER TABLE "orders" SET (fillfactor = 50);
