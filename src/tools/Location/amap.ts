/** The Amap (高德) Web Service client (amap.md): GCJ-02, "lng,lat", string values, `[]` for empty. */
import { mapBounded } from '../../files/map-bounded.ts';
import { amapKey, baseUrl } from './config.ts';
import { distanceMeters, fromAmapLngLat, parseCoordinates, toAmapLngLat, formatLatLng } from './geo.ts';
import { AMAP_MAX_RESULTS, AMAP_PAGE_CONCURRENCY, AMAP_PAGE_SIZE, AMAP_QPS_RETRIES } from './limits.ts';
import { fetchJson, withQuery } from './runtime.ts';
import type { LocationRuntime } from './runtime.ts';
import type { GeocodeMatch, LatLng, Place, RouteLeg, RouteStep, TravelMode } from './types.ts';

/** What an Amap infocode means and what to do (amap.md §9). */
const INFOCODE_HINTS: Record<string, string> = {
  '10001': 'the key is wrong or expired — check AMAP_API_KEY',
  '10002': 'the key has no permission for this service — enable it for the key in the Amap console',
  '10003': 'the daily quota is used up (resets at 00:00)',
  '10004': 'too many requests this minute — wait a minute',
  '10005': "this machine's IP is not in the key's whitelist",
  '10009': 'the key is not a 「Web 服务」 key — create a Web Service key',
  '10044': 'the account quota is used up',
  '20000': 'a parameter value is invalid',
  '20001': 'a required parameter is missing',
  '20800': 'a route point is outside mainland China — use region "us" (Google) for it',
  '20803': 'origin and destination are too far apart for this mode',
};

/** Amap infocodes worth a short retry: QPS throttling (amap.md §9). */
function isQpsError(infocode: string): boolean {
  return ['10014', '10015', '10019', '10020', '10021', '10022'].includes(infocode) || infocode.startsWith('3');
}

export class AmapError extends Error {
  constructor(
    readonly infocode: string,
    readonly info: string,
  ) {
    const hint = INFOCODE_HINTS[infocode];
    super(`Amap error ${info} (infocode ${infocode})${hint ? `: ${hint}` : ''}`);
  }
}

/** A field that may be Amap's `[]` for "no value". */
export function text(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

function num(value: unknown): number | undefined {
  const parsed = typeof value === 'number' ? value : typeof value === 'string' && value !== '' ? Number(value) : Number.NaN;
  return Number.isFinite(parsed) ? parsed : undefined;
}

async function amapGet(runtime: LocationRuntime, path: string, params: Record<string, string | number | undefined>): Promise<Record<string, any>> {
  const key = amapKey(runtime.env);
  const url = withQuery(baseUrl(runtime.env, 'AMAP_BASE_URL'), path, { key, ...params });
  for (let attempt = 0; ; attempt++) {
    const { body } = await fetchJson(runtime, url);
    const data = (body ?? {}) as Record<string, any>;
    let infocode: string;
    let info: string;
    if (path.startsWith('/v4/')) {
      if (data.errcode === 0) return data;
      infocode = String(data.errcode ?? '20003');
      info = String(data.errmsg ?? 'UNKNOWN_ERROR');
    } else {
      if (data.status === '1') return data;
      infocode = String(data.infocode ?? '20003');
      info = String(data.info ?? 'UNKNOWN_ERROR');
    }
    if (!isQpsError(infocode) || attempt >= AMAP_QPS_RETRIES) throw new AmapError(infocode, info);
    await runtime.sleep(300 * (attempt + 1));
  }
}

export async function amapGeocode(runtime: LocationRuntime, address: string, city?: string): Promise<GeocodeMatch[]> {
  const data = await amapGet(runtime, '/v3/geocode/geo', { address, city });
  const geocodes = Array.isArray(data.geocodes) ? data.geocodes : [];
  return geocodes.flatMap((item: Record<string, unknown>) => {
    const location = fromAmapLngLat(item.location);
    if (!location) return [];
    return [{
      address: text(item.formatted_address) ?? address,
      location,
      precision: text(item.level),
      city: text(item.city) ?? text(item.province),
      cityCode: text(item.citycode),
    }];
  });
}

/** A point from coordinates or an address; `area` is true for a city/district-level match. */
export async function amapResolve(runtime: LocationRuntime, place: string): Promise<{ label: string; location: LatLng; cityCode?: string; area: boolean }> {
  const coordinates = parseCoordinates(place);
  if (coordinates) return { label: formatLatLng(coordinates), location: coordinates, area: false };
  const [match] = await amapGeocode(runtime, place);
  if (!match) throw new Error(`Amap could not find "${place}". Give a fuller address (with the city) or "lat,lng" coordinates.`);
  const area = ['国家', '省', '市', '区县', '开发区'].includes(match.precision ?? '');
  return { label: match.address, location: match.location, cityCode: match.cityCode, area };
}

async function amapCityCode(runtime: LocationRuntime, point: LatLng): Promise<string | undefined> {
  const data = await amapGet(runtime, '/v3/geocode/regeo', { location: toAmapLngLat(point) });
  return text(data.regeocode?.addressComponent?.citycode);
}

function toPlace(item: Record<string, any>, center: LatLng): Place | undefined {
  const location = fromAmapLngLat(item.location);
  const name = text(item.name);
  if (!location || !name) return undefined;
  return {
    name,
    address: text(item.address),
    location,
    distanceMeters: num(item.distance) ?? distanceMeters(center, location),
    rating: num(item.biz_ext?.rating),
    phone: text(item.tel),
    category: text(item.type),
    id: text(item.id),
  };
}

/**
 * Searches POIs around a point (`/v3/place/around`) or inside a city (`/v3/place/text`), 25 a page up to the
 * 200-row window; page 1 reports the total, so the other pages are fetched in parallel (bounded).
 */
export async function amapSearchPlaces(
  runtime: LocationRuntime,
  options: { location: string; query?: string; type?: string; radius: number },
): Promise<{ center: { label: string; location: LatLng }; area: boolean; places: Place[]; total: number; pages: number }> {
  const center = await amapResolve(runtime, options.location);
  const area = center.area && Boolean(options.query || options.type);
  const path = area ? '/v3/place/text' : '/v3/place/around';
  const params = area
    ? { keywords: options.query, types: options.type, city: center.cityCode, citylimit: 'true', offset: AMAP_PAGE_SIZE, extensions: 'all' }
    : { location: toAmapLngLat(center.location), keywords: options.query, types: options.type, radius: options.radius, sortrule: 'distance', offset: AMAP_PAGE_SIZE, extensions: 'all' };
  const fetchPage = async (page: number) => {
    const data = await amapGet(runtime, path, { ...params, page });
    return { total: num(data.count) ?? 0, pois: (Array.isArray(data.pois) ? data.pois : []) as Record<string, any>[] };
  };
  const first = await fetchPage(1);
  const reachable = Math.min(first.total, AMAP_MAX_RESULTS);
  const pageCount = first.pois.length < AMAP_PAGE_SIZE ? 1 : Math.ceil(reachable / AMAP_PAGE_SIZE);
  let fetched = first.pois.length;
  runtime.progress({ provider: 'amap', message: `Amap page 1/${pageCount}: ${fetched} places`, page: 1, resultCount: fetched });
  const rest = await mapBounded(
    Array.from({ length: Math.max(0, pageCount - 1) }, (_, index) => index + 2),
    AMAP_PAGE_CONCURRENCY,
    async (page) => {
      const result = await fetchPage(page);
      fetched += result.pois.length;
      runtime.progress({ provider: 'amap', message: `Amap page ${page}/${pageCount}: ${fetched} places so far`, page, resultCount: fetched });
      return result.pois;
    },
  );
  const seen = new Set<string>();
  const places: Place[] = [];
  for (const item of [first.pois, ...rest].flat()) {
    const place = toPlace(item, center.location);
    if (!place || places.length >= AMAP_MAX_RESULTS) continue;
    const id = place.id ?? `${place.name}@${formatLatLng(place.location)}`;
    if (seen.has(id)) continue;
    seen.add(id);
    places.push(place);
  }
  return { center: { label: center.label, location: center.location }, area, places, total: first.total, pages: pageCount };
}

function steps(list: unknown): RouteStep[] {
  return (Array.isArray(list) ? list : []).map((step: Record<string, unknown>) => ({
    instruction: text(step.instruction) ?? '',
    distanceMeters: num(step.distance),
    durationSeconds: num(step.duration),
  }));
}

/** One Amap leg between two resolved points (v3 driving/walking/transit, v4 bicycling). */
async function amapLeg(
  runtime: LocationRuntime,
  mode: TravelMode,
  from: { label: string; location: LatLng; cityCode?: string },
  to: { label: string; location: LatLng; cityCode?: string },
  waypoints: readonly LatLng[] = [],
): Promise<{ leg: RouteLeg; notes: string[] }> {
  const origin = toAmapLngLat(from.location);
  const destination = toAmapLngLat(to.location);
  const notes: string[] = [];
  if (mode === 'bicycling') {
    const data = await amapGet(runtime, '/v4/direction/bicycling', { origin, destination });
    const path = data.data?.paths?.[0];
    if (!path) throw new Error(`Amap found no cycling route from ${from.label} to ${to.label}.`);
    return { leg: { from: from.label, to: to.label, distanceMeters: num(path.distance) ?? 0, durationSeconds: num(path.duration) ?? 0, steps: steps(path.steps) }, notes };
  }
  if (mode === 'transit') {
    const city = from.cityCode ?? (await amapCityCode(runtime, from.location));
    const cityd = to.cityCode ?? (await amapCityCode(runtime, to.location));
    if (!city) throw new Error(`Amap transit needs the origin's city; could not find it for ${from.label}.`);
    const data = await amapGet(runtime, '/v3/direction/transit/integrated', { origin, destination, city, cityd });
    const transit = data.route?.transits?.[0];
    if (!transit) throw new Error(`Amap found no transit route from ${from.label} to ${to.label}.`);
    const legSteps: RouteStep[] = [];
    for (const segment of Array.isArray(transit.segments) ? transit.segments : []) {
      const walking = segment.walking;
      if (walking && !Array.isArray(walking) && num(walking.distance)) {
        legSteps.push({ instruction: `步行 (walk) ${num(walking.distance)} m`, distanceMeters: num(walking.distance), durationSeconds: num(walking.duration) });
      }
      for (const line of Array.isArray(segment.bus?.buslines) ? segment.bus.buslines : []) {
        const stops = num(line.via_num);
        legSteps.push({
          instruction: `乘坐 (take) ${text(line.name) ?? 'line'} from ${text(line.departure_stop?.name) ?? '?'} to ${text(line.arrival_stop?.name) ?? '?'}${stops !== undefined ? ` (${stops + 1} stops)` : ''}`,
          distanceMeters: num(line.distance),
          durationSeconds: num(line.duration),
        });
      }
    }
    if (text(transit.cost)) notes.push(`fare ¥${transit.cost}`);
    if (text(data.route?.taxi_cost)) notes.push(`taxi about ¥${data.route.taxi_cost}`);
    return { leg: { from: from.label, to: to.label, distanceMeters: num(transit.distance) ?? 0, durationSeconds: num(transit.duration) ?? 0, steps: legSteps }, notes };
  }
  const path = mode === 'walking' ? '/v3/direction/walking' : '/v3/direction/driving';
  const params: Record<string, string | undefined> = { origin, destination };
  if (mode === 'driving' && waypoints.length > 0) params.waypoints = waypoints.map(toAmapLngLat).join(';');
  const data = await amapGet(runtime, path, params);
  const best = data.route?.paths?.[0];
  if (!best) throw new Error(`Amap found no ${mode} route from ${from.label} to ${to.label}.`);
  if (mode === 'driving') {
    if (text(data.route?.taxi_cost)) notes.push(`taxi about ¥${data.route.taxi_cost}`);
    if (num(best.tolls)) notes.push(`tolls ¥${best.tolls}`);
    if (num(best.traffic_lights)) notes.push(`${best.traffic_lights} traffic lights`);
  }
  return { leg: { from: from.label, to: to.label, distanceMeters: num(best.distance) ?? 0, durationSeconds: num(best.duration) ?? 0, steps: steps(best.steps) }, notes };
}

/**
 * A route through `stops` (origin, waypoints…, destination). Driving without `perLeg` makes one call with
 * Amap's `waypoints`; otherwise each leg is its own request and the legs are stitched (Amap has no
 * multi-stop walking, cycling or transit).
 */
export async function amapRoute(
  runtime: LocationRuntime,
  options: { stops: readonly string[]; mode: TravelMode; perLeg: boolean },
): Promise<{ legs: RouteLeg[]; notes: string[] }> {
  const points = await Promise.all(options.stops.map((stop) => amapResolve(runtime, stop)));
  if (options.mode === 'driving' && !options.perLeg) {
    const { leg, notes } = await amapLeg(runtime, 'driving', points[0]!, points.at(-1)!, points.slice(1, -1).map((point) => point.location));
    if (points.length > 2) leg.to = `${points.slice(1).map((point) => point.label).join(' → ')}`;
    return { legs: [leg], notes };
  }
  const legs: RouteLeg[] = [];
  const notes: string[] = [];
  for (let index = 0; index < points.length - 1; index++) {
    runtime.progress({ provider: 'amap', message: `Amap ${options.mode} leg ${index + 1}/${points.length - 1}`, page: index + 1, resultCount: legs.length });
    const result = await amapLeg(runtime, options.mode, points[index]!, points[index + 1]!);
    legs.push(result.leg);
    notes.push(...(points.length > 2 ? result.notes.map((note) => `leg ${index + 1}: ${note}`) : result.notes));
  }
  return { legs, notes };
}
