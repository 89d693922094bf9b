import { AMAP_MAX_RESULTS, AMAP_PAGE_SIZE, DEFAULT_RADIUS_METERS, GOOGLE_MAX_RESULTS, GOOGLE_PAGE_SIZE } from './limits.ts';

export const LOCATION_TOOL_NAME = 'Location';

export const LOCATION_DESCRIPTION =
  'Maps: locate the user, geocode addresses, search nearby places, and plan routes and multi-stop trips (Amap in China, Google Maps elsewhere).';

export const LOCATION_PROMPT = `Geographic lookups through a map provider chosen by region.

Actions:
- locate: the user's approximate position. No location needed. Tries Wi-Fi positioning, then three IP services in turn (ipapi.co, ip-api.com, ipinfo.io). IP results are city-level at best; confirm with the user before relying on them.
- geocode: address or place name → coordinates. Needs location.
- search_places: places around location (radius, default ${DEFAULT_RADIUS_METERS} m, max 50000) matching query (a keyword) and/or type (Amap POI type code or Chinese type name such as "050000" or "餐饮服务"; a Google place type such as "restaurant"). A city-level location ("上海", "Paris") searches the whole city instead of a radius. Needs location.
- get_directions: a route from location to destination; mode is driving (default), walking, transit or bicycling. Needs location and destination.
- plan_trip: a multi-stop trip location → waypoints… → destination, with each leg's distance and time. Needs location, destination and at least one waypoint.

Provider: Chinese text or a known Chinese city name (Beijing, Shanghai, …) → Amap (高德); anything else → Google Maps. Set region to "cn" to force Amap, or to a country code such as "us" or "jp" to force Google (the code is also sent as Google's region bias). language sets Google's result language.

Coordinates: give and read them as "lat,lng". Amap results are GCJ-02 (China's offset datum, up to ~500 m off GPS); Google and IP results are WGS-84. Do not feed GCJ-02 coordinates to Google or GPS tools as if they were WGS-84 — pass the address instead.

Result limits (the real APIs, which differ from older notes): Amap pages at most ${AMAP_PAGE_SIZE} POIs and ${AMAP_MAX_RESULTS} per query; Google pages ${GOOGLE_PAGE_SIZE} at a time up to ${GOOGLE_MAX_RESULTS}, and each next page waits about 2 s for its page token to become valid, so large searches take a few seconds. For more results, narrow the query or split the area.

Follow-up: the results carry names, addresses, coordinates, distances and ratings only. For reviews, opening hours, prices, travel guides or recent news about a place, use WebSearch with the place name and city; to read a place's own website or a page a search returned, use WebFetch.

Keys: Amap needs AMAP_API_KEY (a 「Web 服务」 key from https://lbs.amap.com/), Google needs GOOGLE_MAPS_API_KEY (Geocoding, Places and Directions APIs enabled). A missing key produces an error naming the variable and how to get one; tell the user.`;
