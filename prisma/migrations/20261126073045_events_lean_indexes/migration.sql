-- DropIndex
DROP INDEX "events_team_id_dataroom_id_created_at_id_idx";

-- DropIndex
DROP INDEX "events_created_at_idx";

-- A room's log reads only rows with a room: most events (documents, links, tokens) have none,
-- and no longer pay for an entry here.
CREATE INDEX "qx_events_room" ON "events"("team_id", "dataroom_id", "created_at" DESC, "id" DESC) WHERE "dataroom_id" IS NOT NULL;

-- The retention sweep finds old rows by time; events are written in time order, so a BRIN
-- index (a few pages) does what a B-tree on created_at did at a fraction of the write cost.
CREATE INDEX "qx_events_created_brin" ON "events" USING brin ("created_at");
