-- Figures computed by the ingest from the publisher's own: each observation names the rule that
-- computed it (null: the publisher's figure), each series the rule in words and the series used.
ALTER TABLE "Observation" ADD COLUMN "derivation" TEXT;
ALTER TABLE "Series" ADD COLUMN "derivationRule" TEXT;
ALTER TABLE "Series" ADD COLUMN "derivedFrom" TEXT;
