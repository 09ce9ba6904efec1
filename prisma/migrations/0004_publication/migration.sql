-- The publisher's release date of each source table's file (YYYY-MM-DD) and the fact that gave it:
-- 'file' (a date written in the file) or 'last-modified' (the publisher's HTTP Last-Modified).
ALTER TABLE "SourceTable" ADD COLUMN "released" TEXT;
ALTER TABLE "SourceTable" ADD COLUMN "releasedBy" TEXT;
