-- The publisher's release date of each source table (where its file gives one) and the publisher's
-- terms of reuse, which every series' citation and licence are written from.
ALTER TABLE "SourceTable" ADD COLUMN "released" TEXT;
ALTER TABLE "SourceTable" ADD COLUMN "licenceName" TEXT NOT NULL DEFAULT '';
ALTER TABLE "SourceTable" ADD COLUMN "licenceUrl" TEXT;
