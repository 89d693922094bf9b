import { randomBytes } from 'node:crypto';
import { distanceMeters, pointForText, round6 } from './geometry.ts';
import { startFakeServer } from './start-fake-server.ts';
import type { FakeAnswer, RecordedMapRequest, RunningFakeServer } from './start-fake-server.ts';

/** A scripted legacy-API failure: the next `times` requests (to `path`, when given) answer with `status`. */
export interface GoogleScriptedFailure {
  status: 'OVER_QUERY_LIMIT' | 'OVER_DAILY_LIMIT' | 'REQUEST_DENIED' | 'INVALID_REQUEST' | 'UNKNOWN_ERROR' | 'ZERO_RESULTS';
  path?: string;
  times?: number;
  errorMessage?: string;
}

export interface FakeGoogleMapsServerOptions {
  port?: number;
  /** Keys the fake accepts; any other key → REQUEST_DENIED. Default `['test-google-key']`. */
  keys?: readonly string[];
  /** How many places match every Places search. Default 30; the fake pages out at most 60. */
  placeCount?: number;
  /** How long a `next_page_token` is not yet valid after it is issued (google-maps.md §3.4). Default 2000 ms. */
  pageTokenDelayMs?: number;
  /** Scripted failures, consumed in order. */
  failures?: GoogleScriptedFailure[];
}

export interface FakeGoogleMapsServer extends RunningFakeServer {
  fail(failure: GoogleScriptedFailure): void;
}

export const FAKE_GOOGLE_PAGE_SIZE = 20;
export const FAKE_GOOGLE_MAX_RESULTS = 60;
const CENTER = { lat: 37.7749, lng: -122.4194 };

/**
 * A fake Google Maps Platform (google-maps.md): legacy Geocoding, Places Nearby/Text Search with
 * `next_page_token` paging (20 a page, 60 at most, INVALID_REQUEST until the token is valid), Directions and
 * the Geolocation API. Legacy answers are HTTP 200 with `status`; Geolocation uses HTTP errors.
 */
export async function createFakeGoogleMapsServer(options: FakeGoogleMapsServerOptions = {}): Promise<FakeGoogleMapsServer> {
  const keys = new Set(options.keys ?? ['test-google-key']);
  const failures = [...(options.failures ?? [])];
  const placeCount = options.placeCount ?? 30;
  const tokenDelay = options.pageTokenDelayMs ?? 2000;
  const tokens = new Map<string, { issuedAt: number; start: number; center: { lat: number; lng: number }; keyword?: string; vicinity: boolean }>();

  function handle(request: RecordedMapRequest): FakeAnswer {
    if (request.path === '/geolocation/v1/geolocate') return geolocate(request, keys);
    const key = request.query.key;
    if (!key || !keys.has(key)) {
      return legacy('REQUEST_DENIED', { error_message: key ? 'The provided API key is invalid.' : 'You must use an API key to authenticate each request to Google Maps Platform APIs.' });
    }
    const failureIndex = failures.findIndex((failure) => !failure.path || failure.path === request.path);
    if (failureIndex >= 0) {
      const failure = failures[failureIndex]!;
      failure.times = (failure.times ?? 1) - 1;
      if (failure.times <= 0) failures.splice(failureIndex, 1);
      return legacy(failure.status, failure.errorMessage ? { error_message: failure.errorMessage } : {});
    }
    switch (request.path) {
      case '/maps/api/geocode/json':
        return geocode(request.query);
      case '/maps/api/place/nearbysearch/json':
      case '/maps/api/place/textsearch/json':
        return places(request.path, request.query);
      case '/maps/api/directions/json':
        return directions(request.query);
      default:
        return { status: 404, body: { error: 'Not Found' } };
    }
  }

  function places(path: string, query: Record<string, string>): FakeAnswer {
    let page: { start: number; center: { lat: number; lng: number }; keyword?: string; vicinity: boolean };
    if (query.pagetoken) {
      const token = tokens.get(query.pagetoken);
      if (!token || Date.now() - token.issuedAt < tokenDelay) return legacy('INVALID_REQUEST', { html_attributions: [] });
      page = token;
    } else if (path.includes('nearbysearch')) {
      if (!query.location || (!query.radius && query.rankby !== 'distance')) return legacy('INVALID_REQUEST', { html_attributions: [] });
      if (Number(query.radius) > 50_000) return legacy('INVALID_REQUEST', { html_attributions: [] });
      page = { start: 0, center: parseLatLng(query.location), keyword: query.keyword, vicinity: true };
    } else {
      if (!query.query && !query.type) return legacy('INVALID_REQUEST', { html_attributions: [] });
      page = { start: 0, center: query.location ? parseLatLng(query.location) : CENTER, keyword: query.query, vicinity: false };
    }
    const total = Math.min(placeCount, FAKE_GOOGLE_MAX_RESULTS);
    if (total === 0) return legacy('ZERO_RESULTS', { html_attributions: [] });
    const end = Math.min(page.start + FAKE_GOOGLE_PAGE_SIZE, total);
    const results = [];
    for (let index = page.start; index < end; index++) results.push(place(index, page.center, page.keyword, page.vicinity));
    const body: Record<string, unknown> = { html_attributions: [], results, status: 'OK' };
    if (end < total) {
      const token = `tok_${randomBytes(12).toString('hex')}`;
      tokens.set(token, { ...page, start: end, issuedAt: Date.now() });
      body.next_page_token = token;
    }
    return { body };
  }

  const server = await startFakeServer({ port: options.port, handle });
  return {
    ...server,
    fail(failure) {
      failures.push(failure);
    },
  };
}

function legacy(status: string, fields: Record<string, unknown> = {}): FakeAnswer {
  return { body: { ...fields, results: [], status } };
}

function parseLatLng(text: string): { lat: number; lng: number } {
  const [lat, lng] = text.split(',').map(Number);
  return { lat: lat ?? 0, lng: lng ?? 0 };
}

function resolvePoint(text: string): { lat: number; lng: number } | undefined {
  if (/nowhere/i.test(text)) return undefined;
  const match = /^\s*(-?\d+(?:\.\d+)?)\s*,\s*(-?\d+(?:\.\d+)?)\s*$/.exec(text);
  if (match) return { lat: Number(match[1]), lng: Number(match[2]) };
  return pointForText(text.replace(/^place_id:/, ''), CENTER);
}

function geocode(query: Record<string, string>): FakeAnswer {
  const text = query.address ?? query.latlng;
  if (!text) return legacy('INVALID_REQUEST');
  const point = resolvePoint(text);
  if (!point) return legacy('ZERO_RESULTS');
  return {
    body: {
      results: [{
        address_components: [
          { long_name: 'San Francisco', short_name: 'SF', types: ['locality', 'political'] },
          { long_name: 'United States', short_name: 'US', types: ['country', 'political'] },
        ],
        formatted_address: query.address ? `${query.address}, San Francisco, CA, USA` : '1 Market St, San Francisco, CA 94105, USA',
        geometry: { location: point, location_type: 'ROOFTOP', viewport: { northeast: point, southwest: point } },
        place_id: `ChIJ${Buffer.from(text).toString('hex').slice(0, 16)}`,
        types: ['street_address'],
      }],
      status: 'OK',
    },
  };
}

function place(index: number, center: { lat: number; lng: number }, keyword: string | undefined, vicinity: boolean) {
  const location = { lat: round6(center.lat + ((index % 10) - 5) / 1000), lng: round6(center.lng + (Math.floor(index / 10) - 1) / 1000) };
  return {
    business_status: 'OPERATIONAL',
    geometry: { location, viewport: { northeast: location, southwest: location } },
    name: `${keyword ?? 'Place'} ${index + 1}`,
    place_id: `ChIJplace${index}`,
    ...(index % 4 === 3 ? {} : { rating: 4 + (index % 10) / 10, user_ratings_total: 100 + index }),
    types: ['cafe', 'food', 'point_of_interest', 'establishment'],
    ...(vicinity ? { vicinity: `${index + 1} Market St, San Francisco` } : { formatted_address: `${index + 1} Market St, San Francisco, CA, USA` }),
  };
}

function directions(query: Record<string, string>): FakeAnswer {
  if (!query.origin || !query.destination) return legacy('INVALID_REQUEST');
  const mode = query.mode ?? 'driving';
  const rawWaypoints = query.waypoints ? query.waypoints.split('|') : [];
  const optimize = rawWaypoints[0] === 'optimize:true';
  const waypoints = optimize ? rawWaypoints.slice(1) : rawWaypoints;
  if (waypoints.length > 0 && mode === 'transit') return legacy('INVALID_REQUEST', { error_message: 'Waypoints are not supported for transit.' });
  if (waypoints.length > 25) return legacy('MAX_WAYPOINTS_EXCEEDED');
  const texts = [query.origin, ...waypoints.map((waypoint) => waypoint.replace(/^via:/, '')), query.destination];
  const points = texts.map(resolvePoint);
  if (points.some((point) => !point)) return { body: { geocoded_waypoints: texts.map((_, index) => ({ geocoder_status: points[index] ? 'OK' : 'ZERO_RESULTS' })), routes: [], status: 'NOT_FOUND' } };
  const speed = { driving: 12, walking: 1.3, bicycling: 4, transit: 8 }[mode] ?? 12;
  const travelMode = mode.toUpperCase();
  const legs = points.slice(1).map((to, index) => {
    const from = points[index]!;
    const meters = distanceMeters(from, to!);
    const seconds = Math.round(meters / speed);
    const half = { distance: { text: km(meters / 2), value: Math.round(meters / 2) }, duration: { text: mins(seconds / 2), value: Math.round(seconds / 2) } };
    return {
      distance: { text: km(meters), value: meters },
      duration: { text: mins(seconds), value: seconds },
      start_address: addressOf(texts[index]!), start_location: from,
      end_address: addressOf(texts[index + 1]!), end_location: to,
      steps: [
        { ...half, start_location: from, end_location: to, html_instructions: 'Head <b>north</b> on <b>Market St</b>', polyline: { points: 'eir~FdezuOk@?' }, travel_mode: travelMode },
        { ...half, start_location: from, end_location: to, html_instructions: 'Turn <b>right</b> onto <b>1st St</b><div style="font-size:0.9em">Destination will be on the left</div>', polyline: { points: 'eir~FdezuOk@?' }, travel_mode: travelMode, maneuver: 'turn-right' },
      ],
      traffic_speed_entry: [], via_waypoint: [],
    };
  });
  return {
    body: {
      geocoded_waypoints: texts.map(() => ({ geocoder_status: 'OK', types: ['street_address'] })),
      routes: [{ copyrights: 'Map data ©2026 Google', legs, overview_polyline: { points: 'eir~FdezuOk@?' }, summary: 'Market St', warnings: [], waypoint_order: waypoints.map((_, index) => index) }],
      status: 'OK',
    },
  };
}

function addressOf(text: string): string {
  return /^-?\d/.test(text) ? `${text} (San Francisco, CA, USA)` : `${text}, San Francisco, CA, USA`;
}

function km(meters: number): string {
  return meters >= 1000 ? `${(meters / 1000).toFixed(1)} km` : `${Math.round(meters)} m`;
}

function mins(seconds: number): string {
  const minutes = Math.max(1, Math.round(seconds / 60));
  return `${minutes} min${minutes === 1 ? '' : 's'}`;
}

function geolocate(request: RecordedMapRequest, keys: ReadonlySet<string>): FakeAnswer {
  const error = (code: number, reason: string, message: string): FakeAnswer => ({
    status: code,
    body: { error: { code, message, errors: [{ domain: 'geolocation', reason, message }] } },
  });
  if (request.method !== 'POST') return error(404, 'notFound', 'Not Found');
  const key = request.query.key;
  if (!key || !keys.has(key)) return error(400, 'keyInvalid', 'API key not valid. Please pass a valid API key.');
  if (request.rawBody.trim() !== '' && request.body === undefined) return error(400, 'parseError', 'Parse Error');
  const body = (request.body ?? {}) as { considerIp?: boolean; wifiAccessPoints?: { macAddress?: string }[] };
  const aps = (body.wifiAccessPoints ?? []).filter((ap) => typeof ap.macAddress === 'string');
  if (aps.length >= 2) return { body: { location: { lat: 37.4241173, lng: -122.0915717 }, accuracy: 20 } };
  if (body.considerIp === false) return error(404, 'notFound', 'Not Found');
  return { body: { location: { lat: 37.7749, lng: -122.4194 }, accuracy: 12_000 } };
}
