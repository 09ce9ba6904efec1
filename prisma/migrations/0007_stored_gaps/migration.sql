-- The gap reports of monthly series for the release's month and the two after it, computed at
-- ingest (src/db/gap-reports.ts); a report is null where a series has no figure up to last month.
CREATE TABLE "StoredGap" (
    "seriesId" TEXT NOT NULL,
    "month" TEXT NOT NULL,
    "report" TEXT,
    PRIMARY KEY ("month", "seriesId")
);
