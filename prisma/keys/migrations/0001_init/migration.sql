-- API keys and per-key usage (mirrors prisma/keys/schema.prisma).
CREATE TABLE "api_key" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "hash" BYTEA NOT NULL,
    "plan" TEXT NOT NULL,
    "label" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    "revoked_at" TIMESTAMPTZ(3)
);

CREATE UNIQUE INDEX "api_key_hash_key" ON "api_key"("hash");

CREATE TABLE "api_key_usage" (
    "key_id" TEXT NOT NULL REFERENCES "api_key"("id"),
    "day" TEXT NOT NULL,
    "requests" BIGINT NOT NULL,
    PRIMARY KEY ("key_id", "day")
);
