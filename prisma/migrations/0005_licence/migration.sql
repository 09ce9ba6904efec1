-- The publisher's
-- terms of reuse, which every series' citation and licence are written from.
ALTER TABLE "SourceTable" ADD COLUMN "licenceName" TEXT NOT NULL DEFAULT '';
ALTER TABLE "SourceTable" ADD COLUMN "licenceUrl" TEXT;
