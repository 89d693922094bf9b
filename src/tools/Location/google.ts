/** The Google Maps Platform client (google-maps.md): legacy Geocoding, Places and Directions; WGS-84, lat,lng. */
import { baseUrl, googleKey } from './config.ts';
import { distanceMeters, formatLatLng, parseCoordinates } from './geo.ts';
import { GOOGLE_MAX_RESULTS, GOOGLE_PAGE_TOKEN_DELAY_MS, GOOGLE_PAGE_TOKEN_RETRIES, GOOGLE_PAGE_TOKEN_RETRY_MS } from './limits.ts';
import { fetchJson, withQuery } from './runtime.ts';
import type { LocationRuntime } from './runtime.ts';
import type { GeocodeMatch, LatLng, Place, RouteLeg, RouteStep, TravelMode } from './types.ts';

const STATUS_HINTS: Record<string, string> = {
  REQUEST_DENIED: 'the key is invalid, or the API is not enabled for it — check GOOGLE_MAPS_API_KEY and enable Geocoding, Places and Directions APIs',
  OVER_QUERY_LIMIT: 'the query quota or rate limit is exceeded — wait and retry, or raise the quota',
  OVER_DAILY_LIMIT: 'the key is missing billing or hit its daily cap — check billing in the Google Cloud console',
  INVALID_REQUEST: 'a parameter is missing or invalid',
  MAX_WAYPOINTS_EXCEEDED: 'too many waypoints (at most 25)',
  MAX_ROUTE_LENGTH_EXCEEDED: 'the route is too long',
  NOT_FOUND: 'the origin, destination or a waypoint could not be geocoded',
  UNKNOWN_ERROR: 'a server error — retrying may work',
};

export class GoogleMapsError extends Error {
  constructor(
    readonly status: string,
    readonly errorMessage?: string,
  ) {
    const hint = STATUS_HINTS[status];
    super(`Google Maps error ${status}${errorMessage ? `: ${errorMessage}` : ''}${hint ? ` (${hint})` : ''}`);
  }
}

async function googleGet(runtime: LocationRuntime, path: string, params: Record<string, string | number | undefined>): Promise<Record<string, any>> {
  const key = googleKey(runtime.env);
  const url = withQuery(baseUrl(runtime.env, 'GOOGLE_MAPS_BASE_URL'), path, { ...params, key });
  const { body } = await fetchJson(runtime, url);
  const data = (body ?? {}) as Record<string, any>;
  if (data.status === 'OK' || data.status === 'ZERO_RESULTS') return data;
  throw new GoogleMapsError(String(data.status ?? 'UNKNOWN_ERROR'), typeof data.error_message === 'string' ? data.error_message : undefined);
}

const AREA_TYPES = ['country', 'administrative_area_level_1', 'administrative_area_level_2', 'locality', 'sublocality', 'postal_code', 'colloquial_area'];

export async function googleGeocode(runtime: LocationRuntime, address: string, options: { language?: string; region?: string } = {}): Promise<(GeocodeMatch & { area: boolean })[]> {
  const data = await googleGet(runtime, '/maps/api/geocode/json', { address, language: options.language, region: options.region });
  return (Array.isArray(data.results) ? data.results : []).flatMap((result: Record<string, any>) => {
    const location = result.geometry?.location;
    if (typeof location?.lat !== 'number' || typeof location?.lng !== 'number') return [];
    const types: string[] = Array.isArray(result.types) ? result.types : [];
    const city = (result.address_components ?? []).find((component: any) => component.types?.includes('locality'))?.long_name;
    return [{
      address: String(result.formatted_address ?? address),
      location: { lat: location.lat, lng: location.lng },
      precision: result.geometry?.location_type ?? types[0],
      city,
      placeId: result.place_id,
      area: types.some((type) => AREA_TYPES.includes(type)),
    }];
  });
}

async function googleResolve(runtime: LocationRuntime, place: string, options: { language?: string; region?: string }): Promise<{ label: string; location: LatLng; area: boolean }> {
  const coordinates = parseCoordinates(place);
  if (coordinates) return { label: formatLatLng(coordinates), location: coordinates, area: false };
  const [match] = await googleGeocode(runtime, place, options);
  if (!match) throw new Error(`Google Maps could not find "${place}". Give a fuller address or "lat,lng" coordinates.`);
  return { label: match.address, location: match.location, area: match.area };
}

function toPlace(result: Record<string, any>, center: LatLng): Place | undefined {
  const location = result.geometry?.location;
  if (typeof result.name !== 'string' || typeof location?.lat !== 'number') return undefined;
  const point = { lat: location.lat, lng: location.lng };
  return {
    name: result.name,
    address: result.vicinity ?? result.formatted_address,
    location: point,
    distanceMeters: distanceMeters(center, point),
    rating: typeof result.rating === 'number' ? result.rating : undefined,
    ratingCount: typeof result.user_ratings_total === 'number' ? result.user_ratings_total : undefined,
    category: Array.isArray(result.types) ? result.types[0] : undefined,
    id: result.place_id,
  };
}

/**
 * Nearby Search around a point, or Text Search "query in <area>" for a city-level location; legacy paging:
 * 20 a page, ≤ 60, waiting ~2 s before each `next_page_token` and retrying INVALID_REQUEST while it is not
 * yet valid.
 */
export async function googleSearchPlaces(
  runtime: LocationRuntime,
  options: { location: string; query?: string; type?: string; radius: number; language?: string; region?: string },
): Promise<{ center: { label: string; location: LatLng }; area: boolean; places: Place[]; pages: number; truncated: boolean }> {
  const center = await googleResolve(runtime, options.location, options);
  const area = center.area && Boolean(options.query);
  const path = area ? '/maps/api/place/textsearch/json' : '/maps/api/place/nearbysearch/json';
  const firstParams = area
    ? { query: `${options.query} in ${center.label}`, type: options.type, location: formatLatLng(center.location), radius: options.radius, language: options.language, region: options.region }
    : { location: formatLatLng(center.location), radius: options.radius, keyword: options.query, type: options.type, language: options.language };
  const results: Record<string, any>[] = [];
  let data = await googleGet(runtime, path, firstParams);
  let pages = 1;
  results.push(...(data.results ?? []));
  runtime.progress({ provider: 'google', message: `Google page 1: ${results.length} places`, page: 1, resultCount: results.length });
  while (typeof data.next_page_token === 'string' && results.length < GOOGLE_MAX_RESULTS) {
    const token: string = data.next_page_token;
    await runtime.sleep(GOOGLE_PAGE_TOKEN_DELAY_MS);
    for (let attempt = 0; ; attempt++) {
      try {
        data = await googleGet(runtime, path, { pagetoken: token });
        break;
      } catch (error) {
        if (!(error instanceof GoogleMapsError && error.status === 'INVALID_REQUEST') || attempt >= GOOGLE_PAGE_TOKEN_RETRIES) throw error;
        await runtime.sleep(GOOGLE_PAGE_TOKEN_RETRY_MS);
      }
    }
    pages++;
    results.push(...(data.results ?? []));
    runtime.progress({ provider: 'google', message: `Google page ${pages}: ${results.length} places so far`, page: pages, resultCount: results.length });
  }
  const places = results.slice(0, GOOGLE_MAX_RESULTS).flatMap((result) => toPlace(result, center.location) ?? []);
  return { center: { label: center.label, location: center.location }, area, places, pages, truncated: results.length >= GOOGLE_MAX_RESULTS };
}

function stripHtml(html: string): string {
  return html.replace(/<div[^>]*>/g, ' — ').replace(/<[^>]+>/g, '').replace(/&nbsp;/g, ' ').replace(/&amp;/g, '&').replace(/\s+/g, ' ').trim();
}

function googleSteps(list: unknown): RouteStep[] {
  return (Array.isArray(list) ? list : []).map((step: Record<string, any>) => {
    const transit = step.transit_details;
    const instruction = transit
      ? `Take ${transit.line?.short_name ?? transit.line?.name ?? 'transit'}${transit.headsign ? ` toward ${transit.headsign}` : ''} from ${transit.departure_stop?.name ?? '?'} to ${transit.arrival_stop?.name ?? '?'}${typeof transit.num_stops === 'number' ? ` (${transit.num_stops} stops)` : ''}`
      : stripHtml(String(step.html_instructions ?? ''));
    return { instruction, distanceMeters: step.distance?.value, durationSeconds: step.duration?.value };
  });
}

/** One Directions request through `stops`; transit has no waypoints, so a multi-stop transit trip is stitched. */
export async function googleRoute(
  runtime: LocationRuntime,
  options: { stops: readonly string[]; mode: TravelMode; language?: string; region?: string },
): Promise<{ legs: RouteLeg[]; notes: string[] }> {
  const request = async (stops: readonly string[]) => {
    const data = await googleGet(runtime, '/maps/api/directions/json', {
      origin: stops[0],
      destination: stops.at(-1),
      waypoints: stops.length > 2 ? stops.slice(1, -1).join('|') : undefined,
      mode: options.mode,
      language: options.language,
      region: options.region,
    });
    const route = data.routes?.[0];
    if (!route) {
      const modes = Array.isArray(data.available_travel_modes) ? ` Available modes: ${data.available_travel_modes.join(', ').toLowerCase()}.` : '';
      throw new Error(`Google Maps found no ${options.mode} route from ${stops[0]} to ${stops.at(-1)}.${modes}`);
    }
    const legs: RouteLeg[] = (route.legs ?? []).map((leg: Record<string, any>) => ({
      from: String(leg.start_address ?? ''),
      to: String(leg.end_address ?? ''),
      distanceMeters: leg.distance?.value ?? 0,
      durationSeconds: leg.duration?.value ?? 0,
      steps: googleSteps(leg.steps),
    }));
    const notes: string[] = [];
    if (route.summary) notes.push(`via ${route.summary}`);
    for (const warning of route.warnings ?? []) notes.push(String(warning));
    if (route.fare?.text) notes.push(`fare ${route.fare.text}`);
    return { legs, notes };
  };
  if (options.mode !== 'transit' || options.stops.length <= 2) return request(options.stops);
  const legs: RouteLeg[] = [];
  const notes: string[] = [];
  for (let index = 0; index < options.stops.length - 1; index++) {
    runtime.progress({ provider: 'google', message: `Google transit leg ${index + 1}/${options.stops.length - 1}`, page: index + 1, resultCount: legs.length });
    const result = await request([options.stops[index]!, options.stops[index + 1]!]);
    legs.push(...result.legs);
    notes.push(...result.notes);
  }
  return { legs, notes };
}
