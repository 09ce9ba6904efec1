/** The test release is built as of TEST_RELEASE_DATE, and the test servers' "today" is pinned to TEST_NOW. */
export const TEST_RELEASE_DATE = '2026-03-15T06:00:00Z';
export const TEST_NOW = '2026-04-20T12:00:00Z';
