-- Initial data model (mirrors prisma/schema.prisma).
CREATE TABLE "Meta" (
    "key" TEXT NOT NULL PRIMARY KEY,
    "value" TEXT NOT NULL
);

CREATE TABLE "Region" (
    "slug" TEXT NOT NULL PRIMARY KEY,
    "name" TEXT NOT NULL
);

CREATE TABLE "Country" (
    "iso" TEXT NOT NULL PRIMARY KEY,
    "iso3" TEXT NOT NULL,
    "m49" TEXT,
    "name" TEXT NOT NULL,
    "wikidataId" TEXT,
    "currency" TEXT,
    "regionSlug" TEXT,
    "monthly" BOOLEAN NOT NULL,
    "first" TEXT,
    "latest" TEXT,
    "measures" TEXT NOT NULL,
    CONSTRAINT "Country_regionSlug_fkey" FOREIGN KEY ("regionSlug") REFERENCES "Region" ("slug") ON DELETE SET NULL ON UPDATE CASCADE
);
CREATE UNIQUE INDEX "Country_iso3_key" ON "Country"("iso3");

CREATE TABLE "RegionUnit" (
    "code" TEXT NOT NULL PRIMARY KEY,
    "countryIso" TEXT NOT NULL,
    "level" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "nameLatin" TEXT,
    "labelEn" TEXT,
    CONSTRAINT "RegionUnit_countryIso_fkey" FOREIGN KEY ("countryIso") REFERENCES "Country" ("iso") ON DELETE RESTRICT ON UPDATE CASCADE
);
CREATE INDEX "RegionUnit_countryIso_idx" ON "RegionUnit"("countryIso");

CREATE TABLE "SourceTable" (
    "code" TEXT NOT NULL PRIMARY KEY,
    "publisher" TEXT NOT NULL,
    "title" TEXT NOT NULL,
    "url" TEXT NOT NULL,
    "file" TEXT NOT NULL
);

CREATE TABLE "Series" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "alias" TEXT NOT NULL,
    "countryIso" TEXT NOT NULL,
    "measure" TEXT NOT NULL,
    "breakdown" TEXT,
    "member" TEXT,
    "freq" TEXT NOT NULL,
    "unit" TEXT NOT NULL,
    "currency" TEXT,
    "scale" TEXT,
    "tableCode" TEXT NOT NULL,
    "headline" BOOLEAN NOT NULL,
    "derived" BOOLEAN NOT NULL,
    "first" TEXT NOT NULL,
    "last" TEXT NOT NULL,
    "points" INTEGER NOT NULL,
    "latestValue" REAL,
    "updated" TEXT NOT NULL,
    CONSTRAINT "Series_countryIso_fkey" FOREIGN KEY ("countryIso") REFERENCES "Country" ("iso") ON DELETE RESTRICT ON UPDATE CASCADE,
    CONSTRAINT "Series_tableCode_fkey" FOREIGN KEY ("tableCode") REFERENCES "SourceTable" ("code") ON DELETE RESTRICT ON UPDATE CASCADE
);
CREATE UNIQUE INDEX "Series_alias_key" ON "Series"("alias");
CREATE INDEX "Series_countryIso_measure_idx" ON "Series"("countryIso", "measure");

CREATE TABLE "SeriesName" (
    "seriesId" TEXT NOT NULL,
    "lang" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    PRIMARY KEY ("seriesId", "lang"),
    CONSTRAINT "SeriesName_seriesId_fkey" FOREIGN KEY ("seriesId") REFERENCES "Series" ("id") ON DELETE RESTRICT ON UPDATE CASCADE
);

CREATE TABLE "Observation" (
    "seriesId" TEXT NOT NULL,
    "period" TEXT NOT NULL,
    "value" REAL,
    "status" TEXT NOT NULL,
    "flags" TEXT NOT NULL,
    "published" TEXT NOT NULL,
    PRIMARY KEY ("seriesId", "period"),
    CONSTRAINT "Observation_seriesId_fkey" FOREIGN KEY ("seriesId") REFERENCES "Series" ("id") ON DELETE RESTRICT ON UPDATE CASCADE
);

CREATE TABLE "Revision" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "seriesId" TEXT NOT NULL,
    "period" TEXT NOT NULL,
    "oldValue" REAL,
    "newValue" REAL,
    "oldStatus" TEXT NOT NULL,
    "newStatus" TEXT NOT NULL,
    "oldRelease" TEXT NOT NULL,
    "newRelease" TEXT NOT NULL,
    CONSTRAINT "Revision_seriesId_fkey" FOREIGN KEY ("seriesId") REFERENCES "Series" ("id") ON DELETE RESTRICT ON UPDATE CASCADE
);
CREATE INDEX "Revision_seriesId_idx" ON "Revision"("seriesId");

CREATE TABLE "Release" (
    "version" TEXT NOT NULL PRIMARY KEY,
    "loadedAt" TEXT NOT NULL,
    "seriesCount" INTEGER NOT NULL,
    "observationCount" INTEGER NOT NULL
);

CREATE TABLE "ReleaseEntry" (
    "releaseVersion" TEXT NOT NULL,
    "seriesId" TEXT NOT NULL,
    "countryIso" TEXT NOT NULL,
    "measure" TEXT NOT NULL,
    "latestPeriod" TEXT NOT NULL,
    "newPoints" INTEGER NOT NULL,
    "revisedPoints" INTEGER NOT NULL,
    PRIMARY KEY ("releaseVersion", "seriesId"),
    CONSTRAINT "ReleaseEntry_releaseVersion_fkey" FOREIGN KEY ("releaseVersion") REFERENCES "Release" ("version") ON DELETE RESTRICT ON UPDATE CASCADE
);
CREATE INDEX "ReleaseEntry_countryIso_idx" ON "ReleaseEntry"("countryIso");

CREATE TABLE "FxRate" (
    "currency" TEXT NOT NULL,
    "date" TEXT NOT NULL,
    "rate" REAL NOT NULL,
    PRIMARY KEY ("currency", "date")
);

CREATE TABLE "Price" (
    "code" TEXT NOT NULL,
    "period" TEXT NOT NULL,
    "value" REAL NOT NULL,
    "derived" BOOLEAN NOT NULL,
    PRIMARY KEY ("code", "period")
);

CREATE TABLE "Indicator" (
    "countryIso" TEXT NOT NULL,
    "indicator" TEXT NOT NULL,
    "year" INTEGER NOT NULL,
    "value" REAL NOT NULL,
    "projection" BOOLEAN NOT NULL,
    "source" TEXT NOT NULL,
    PRIMARY KEY ("countryIso", "indicator", "year"),
    CONSTRAINT "Indicator_countryIso_fkey" FOREIGN KEY ("countryIso") REFERENCES "Country" ("iso") ON DELETE RESTRICT ON UPDATE CASCADE
);

-- Full-text index over series names in every language (not modelled by Prisma; read by a raw query).
-- remove_diacritics 2 makes "Cataluna" find "Cataluña"; prefix queries use the trigram-free prefix index.
CREATE VIRTUAL TABLE "SeriesSearch" USING fts5(
    "seriesId" UNINDEXED,
    "text",
    tokenize = 'unicode61 remove_diacritics 2',
    prefix = '2 3'
);
