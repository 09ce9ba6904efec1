-- The series search index's word lists, computed at ingest (src/db/search-index.ts): for each list
-- (all words, country names, measure words) and word, the documents holding it as indexes into the
-- series in alias order, comma-separated. The index's order is Meta's search_order.
CREATE TABLE "SearchPosting" (
    "list" TEXT NOT NULL,
    "word" TEXT NOT NULL,
    "documents" TEXT NOT NULL,
    PRIMARY KEY ("list", "word")
);
