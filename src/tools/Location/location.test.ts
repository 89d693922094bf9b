import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext } from '../../testing/create-test-context.ts';
import { resultText, runTool } from '../../testing/run-tool.ts';
import { createFakeAmapServer, createFakeGoogleMapsServer, createFakeIpGeoServer } from '../../testing/fake-map-servers/index.ts';
import type { FakeAmapServer, FakeGoogleMapsServer, FakeIpGeoServer } from '../../testing/fake-map-servers/index.ts';
import { createLocationTool, detectProvider } from './index.ts';
import type { LocationToolOptions } from './index.ts';

let amap: FakeAmapServer;
let google: FakeGoogleMapsServer;
let ip: FakeIpGeoServer;
const sleeps: number[] = [];

beforeAll(async () => {
  amap = await createFakeAmapServer({ poiCount: 260 });
  google = await createFakeGoogleMapsServer({ placeCount: 75, pageTokenDelayMs: 0 });
  ip = await createFakeIpGeoServer();
});
afterAll(async () => {
  await Promise.all([amap.close(), google.close(), ip.close()]);
});

function env(extra: Record<string, string | undefined> = {}) {
  return {
    AMAP_API_KEY: 'test-amap-key', AMAP_BASE_URL: amap.url, AMAP_LOCATE_BASE_URL: amap.url,
    GOOGLE_MAPS_API_KEY: 'test-google-key', GOOGLE_MAPS_BASE_URL: google.url, GOOGLE_GEOLOCATION_BASE_URL: google.url,
    IPAPI_CO_BASE_URL: ip.urls.ipapiCo, IP_API_BASE_URL: ip.urls.ipApi, IPINFO_BASE_URL: ip.urls.ipinfo,
    ...extra,
  };
}

async function call(input: Record<string, unknown>, options: LocationToolOptions = {}) {
  const tool = createLocationTool({ env: env(), sleep: async (ms) => void sleeps.push(ms), ...options });
  const context = createTestContext({ tools: [tool] });
  const { result, progress } = await runTool({ name: 'Location', input, context });
  return { result, text: resultText(result), progress: progress.map((update) => update.progress as Record<string, any>) };
}

describe('detectProvider', () => {
  it.each([
    [['北京市朝阳区'], undefined, 'amap'],
    [['coffee near Shanghai'], undefined, 'amap'],
    [["Xi'an bell tower"], undefined, 'amap'],
    [['1600 Amphitheatre Pkwy, Mountain View'], undefined, 'google'],
    [['東京タワー'], undefined, 'google'],
    [['Paris', '故宫'], undefined, 'amap'],
    [['北京'], 'us', 'google'],
    [['Times Square'], 'cn', 'amap'],
    [['Berlin'], 'CHINA', 'amap'],
  ] as const)('%j region=%s → %s', (texts, region, expected) => {
    expect(detectProvider(texts, region)).toBe(expected);
  });
});

describe('Location validation', () => {
  it('needs location for every action but locate, destination for routes, waypoints for plan_trip', async () => {
    expect((await call({ action: 'geocode' })).text).toMatch(/geocode needs "location"/);
    expect((await call({ action: 'get_directions', location: 'A' })).text).toMatch(/needs "destination"/);
    expect((await call({ action: 'plan_trip', location: 'A', destination: 'B' })).text).toMatch(/at least one entry in "waypoints"/);
  });
});

describe('Location on Amap', () => {
  it('geocodes Chinese text with GCJ-02 noted', async () => {
    const { result, text } = await call({ action: 'geocode', location: '阜通东大街6号' });
    expect(result.block.is_error).toBeFalsy();
    expect(text).toMatch(/Amap geocode of "阜通东大街6号"/);
    expect(text).toMatch(/GCJ-02/);
    expect(amap.requests.at(-1)?.path).toBe('/v3/geocode/geo');
  });

  it('pages search_places 25 at a time up to 200, bounded in parallel, with progress', async () => {
    const before = amap.requests.length;
    const { text, progress } = await call({ action: 'search_places', location: '39.99,116.48', query: '咖啡' });
    const pages = amap.requests.slice(before).filter((request) => request.path === '/v3/place/around');
    expect(pages).toHaveLength(8);
    expect(pages.every((request) => request.query.offset === '25' && request.query.radius === '5000')).toBe(true);
    expect(pages.map((request) => request.query.location)[0]).toBe('116.48,39.99');
    expect(text).toMatch(/^200 places for "咖啡"/);
    expect(text).toMatch(/reports 260 matches but pages out at most 200/);
    const pageEvents = progress.filter((event) => event.page !== undefined);
    expect(pageEvents).toHaveLength(8);
    expect(pageEvents.at(-1)).toMatchObject({ type: 'location_progress', provider: 'amap', action: 'search_places', resultCount: 200 });
  });

  it('reports an invalid key with the infocode', async () => {
    const { result, text } = await call({ action: 'geocode', location: '北京' }, { env: env({ AMAP_API_KEY: 'wrong' }) });
    expect(result.block.is_error).toBe(true);
    expect(text).toMatch(/INVALID_USER_KEY \(infocode 10001\)/);
  });

  it('names AMAP_API_KEY and how to get one when it is missing', async () => {
    const { text } = await call({ action: 'geocode', location: '北京' }, { env: env({ AMAP_API_KEY: undefined }) });
    expect(text).toMatch(/AMAP_API_KEY is not set/);
    expect(text).toMatch(/lbs\.amap\.com/);
  });

  it('retries QPS errors (10021)', async () => {
    amap.fail({ infocode: '10021', path: '/v3/geocode/geo' });
    const { result } = await call({ action: 'geocode', location: '望京' });
    expect(result.block.is_error).toBeFalsy();
  });

  it.each(['driving', 'walking', 'transit', 'bicycling'])('gets %s directions', async (mode) => {
    const { result, text } = await call({ action: 'get_directions', location: '望京', destination: '东单', mode });
    expect(result.block.is_error).toBeFalsy();
    expect(text).toMatch(new RegExp(`^Amap ${mode} route`));
    expect(text).toMatch(/ 1\. /);
  });

  it('plans a trip leg by leg', async () => {
    const { text } = await call({ action: 'plan_trip', location: '天安门', waypoints: ['故宫', '景山公园'], destination: '北海公园', mode: 'walking' });
    expect(text).toMatch(/Leg 3: /);
  });
});

describe('Location on Google', () => {
  it('geocodes and lists search results 20 a page up to 60 after waiting for each token', async () => {
    sleeps.length = 0;
    const geo = await call({ action: 'geocode', location: '1 Market St' });
    expect(geo.text).toMatch(/Google Maps geocode/);
    expect(geo.text).toMatch(/WGS-84/);
    const before = google.requests.length;
    const { text, progress } = await call({ action: 'search_places', location: '37.77,-122.42', query: 'coffee' });
    const pages = google.requests.slice(before).filter((request) => request.path.includes('nearbysearch'));
    expect(pages).toHaveLength(3);
    expect(Object.keys(pages[1]!.query).sort()).toEqual(['key', 'pagetoken']);
    expect(sleeps.filter((ms) => ms === 2000)).toHaveLength(2);
    expect(text).toMatch(/^60 places for "coffee"/);
    expect(text).toMatch(/at most 60/);
    expect(progress.filter((event) => event.page).map((event) => event.resultCount)).toEqual([20, 40, 60]);
  });

  it('retries INVALID_REQUEST while the page token is not yet valid', async () => {
    const slow = await createFakeGoogleMapsServer({ placeCount: 30, pageTokenDelayMs: 120 });
    try {
      const { text } = await call(
        { action: 'search_places', location: '37.77,-122.42', query: 'tea' },
        { env: env({ GOOGLE_MAPS_BASE_URL: slow.url }), sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms / 20)) },
      );
      expect(text).toMatch(/^30 places/);
      const statuses = slow.requests.map((request) => (request.response as { status: string }).status);
      expect(statuses).toEqual(['OK', 'INVALID_REQUEST', 'OK']);
    } finally {
      await slow.close();
    }
  });

  it('reports REQUEST_DENIED and OVER_QUERY_LIMIT', async () => {
    const denied = await call({ action: 'geocode', location: 'Paris' }, { env: env({ GOOGLE_MAPS_API_KEY: 'bad' }) });
    expect(denied.text).toMatch(/REQUEST_DENIED: The provided API key is invalid/);
    google.fail({ status: 'OVER_QUERY_LIMIT' });
    expect((await call({ action: 'geocode', location: 'Paris' })).text).toMatch(/OVER_QUERY_LIMIT/);
    expect((await call({ action: 'geocode', location: 'Paris' }, { env: env({ GOOGLE_MAPS_API_KEY: undefined }) })).text).toMatch(/GOOGLE_MAPS_API_KEY is not set/);
  });

  it('gets directions and plans a trip with waypoints in one request', async () => {
    const directions = await call({ action: 'get_directions', location: 'Ferry Building', destination: 'Golden Gate Park', mode: 'bicycling' });
    expect(directions.text).toMatch(/^Google Maps bicycling route/);
    expect(directions.text).toMatch(/Turn right onto 1st St — Destination will be on the left/);
    const before = google.requests.length;
    const trip = await call({ action: 'plan_trip', location: 'Ferry Building', waypoints: ['Coit Tower', 'Lombard St'], destination: 'Golden Gate Park' });
    expect(google.requests.slice(before).map((request) => request.query.waypoints)).toEqual(['Coit Tower|Lombard St']);
    expect(trip.text).toMatch(/Leg 3: /);
  });
});

describe('locate', () => {
  it('falls through Wi-Fi → ipapi.co (429) → ip-api.com (private) → ipinfo.io', async () => {
    ip.set('ipapiCo', 'rate-limited');
    ip.set('ipApi', 'private');
    try {
      const { text, result } = await call({ action: 'locate' }, { scanWifi: async () => [{ macAddress: '3c:37:86:5d:75:d4' }] });
      expect(result.block.is_error).toBeFalsy();
      expect(text).toMatch(/IP geolocation via ipinfo\.io\): 37\.4056,-122\.0775/);
      expect(text).toMatch(/wifi failed \(Wi-Fi positioning needs at least 2 access points\); ipapi\.co failed \(HTTP 429 rate limited\); ip-api\.com failed \(private range\); ipinfo\.io ok/);
    } finally {
      ip.set('ipapiCo', 'ok');
      ip.set('ipApi', 'ok');
    }
  });

  it('uses Wi-Fi positioning when two access points are scanned', async () => {
    const { text } = await call({ action: 'locate' }, { scanWifi: async () => [{ macAddress: 'aa:aa:aa:aa:aa:aa' }, { macAddress: 'bb:bb:bb:bb:bb:bb' }] });
    expect(text).toMatch(/Wi-Fi positioning via google-wifi\): 37\.424117,-122\.091572/);
  });
});
