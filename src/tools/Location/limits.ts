/**
 * The real providers' limits, which override the seed where they disagree (the seed claimed Amap pages 1000
 * POIs for 20 pages; amap.md §4.1 shows 25 a page and 200 a query).
 */
/** Amap v3 `offset` should not exceed 25 (amap.md §3). */
export const AMAP_PAGE_SIZE = 25;
/** Amap pages out at most 200 POIs for identical parameters (amap.md §3). */
export const AMAP_MAX_RESULTS = 200;
/** Amap pages are independent; fetch a few at once. 3 matches a personal key's QPS of 3 (amap.md §10). */
export const AMAP_PAGE_CONCURRENCY = 3;
/** Retries of Amap QPS-class errors (10014, 10015, 10019–10022, 3xxxx). */
export const AMAP_QPS_RETRIES = 2;
/** Amap driving accepts at most 16 waypoints. */
export const AMAP_MAX_WAYPOINTS = 16;
/** Google legacy Places: 20 a page (google-maps.md §3.4). */
export const GOOGLE_PAGE_SIZE = 20;
/** Google legacy Places: 60 results across at most 3 pages. */
export const GOOGLE_MAX_RESULTS = 60;
/** A `next_page_token` is not valid for about 2 s after it is issued. */
export const GOOGLE_PAGE_TOKEN_DELAY_MS = 2000;
/** Extra waits when a page token is still INVALID_REQUEST. */
export const GOOGLE_PAGE_TOKEN_RETRIES = 3;
export const GOOGLE_PAGE_TOKEN_RETRY_MS = 1000;
/** Google Directions accepts at most 25 waypoints. */
export const GOOGLE_MAX_WAYPOINTS = 25;
/** The seed's default search radius. Both providers accept 0–50000 m. */
export const DEFAULT_RADIUS_METERS = 5000;
export const MAX_RADIUS_METERS = 50_000;
