-- Names of each country in the languages the country list gives, for the series search.
CREATE TABLE "CountryName" (
    "countryIso" TEXT NOT NULL,
    "lang" TEXT NOT NULL,
    "name" TEXT NOT NULL,

    PRIMARY KEY ("countryIso", "lang", "name"),
    CONSTRAINT "CountryName_countryIso_fkey" FOREIGN KEY ("countryIso") REFERENCES "Country" ("iso") ON DELETE RESTRICT ON UPDATE CASCADE
);
