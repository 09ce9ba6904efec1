-- Figures derived from the release once, at ingest, and read like any other column: every
-- country's rivals, the briefs of the release's months, and which countries carry an origin shift.
CREATE TABLE "CountryRivals" (
    "countryIso" TEXT NOT NULL PRIMARY KEY,
    "basis" TEXT,
    "period" TEXT
);

CREATE TABLE "Rival" (
    "countryIso" TEXT NOT NULL,
    "rank" INTEGER NOT NULL,
    "rivalIso" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "score" REAL NOT NULL,
    "basis" TEXT NOT NULL,
    PRIMARY KEY ("countryIso", "rank"),
    CONSTRAINT "Rival_countryIso_fkey" FOREIGN KEY ("countryIso") REFERENCES "CountryRivals" ("countryIso") ON DELETE RESTRICT ON UPDATE CASCADE
);
CREATE INDEX "Rival_rivalIso_idx" ON "Rival"("rivalIso");

CREATE TABLE "RivalMarket" (
    "countryIso" TEXT NOT NULL,
    "rank" INTEGER NOT NULL,
    "position" INTEGER NOT NULL,
    "market" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    PRIMARY KEY ("countryIso", "rank", "position"),
    CONSTRAINT "RivalMarket_countryIso_rank_fkey" FOREIGN KEY ("countryIso", "rank") REFERENCES "Rival" ("countryIso", "rank") ON DELETE RESTRICT ON UPDATE CASCADE
);

CREATE TABLE "StoredBrief" (
    "countryIso" TEXT NOT NULL,
    "month" TEXT NOT NULL,
    "body" TEXT,
    "absence" TEXT,
    PRIMARY KEY ("countryIso", "month")
);

CREATE TABLE "OriginShiftCountry" (
    "countryIso" TEXT NOT NULL PRIMARY KEY
);
