/** `locate`: Wi-Fi positioning (Google Geolocation, Amap hardware positioning) first, then three IP services. */
import { baseUrl } from './config.ts';
import { fromAmapLngLat } from './geo.ts';
import { fetchJson } from './runtime.ts';
import type { LocationRuntime } from './runtime.ts';
import type { LocateAttempt, LocateOutput } from './types.ts';

type Fix = Omit<LocateOutput, 'action' | 'attempts'>;

/** The IP services in the order they are tried (ip-geo.md §4). All three answer in WGS-84. */
export const IP_SERVICES = Object.freeze(['ipapi.co', 'ip-api.com', 'ipinfo.io'] as const);

export async function locate(runtime: LocationRuntime): Promise<LocateOutput> {
  const attempts: LocateAttempt[] = [];
  const tryOne = async (source: string, work: () => Promise<Fix>): Promise<Fix | undefined> => {
    runtime.progress({ provider: source, message: `Trying ${source}` });
    try {
      const fix = await work();
      attempts.push({ source, ok: true });
      return fix;
    } catch (error) {
      attempts.push({ source, ok: false, error: error instanceof Error ? error.message : String(error) });
      return undefined;
    }
  };
  const aps = await runtime.scanWifi().catch(() => []);
  if (aps.length < 2) {
    attempts.push({ source: 'wifi', ok: false, error: aps.length === 0 ? 'no Wi-Fi access points scanned' : 'Wi-Fi positioning needs at least 2 access points' });
  } else {
    const wifi: [string, () => Promise<Fix>][] = [];
    if (runtime.env.GOOGLE_MAPS_API_KEY) wifi.push(['google-wifi', () => googleWifi(runtime, aps)]);
    if (runtime.env.AMAP_API_KEY) wifi.push(['amap-wifi', () => amapWifi(runtime, aps)]);
    if (wifi.length === 0) attempts.push({ source: 'wifi', ok: false, error: 'Wi-Fi positioning needs GOOGLE_MAPS_API_KEY or AMAP_API_KEY' });
    for (const [source, work] of wifi) {
      const fix = await tryOne(source, work);
      if (fix) return { action: 'locate', ...fix, attempts };
    }
  }
  const services: [string, () => Promise<Fix>][] = [
    ['ipapi.co', () => ipapiCo(runtime)],
    ['ip-api.com', () => ipApi(runtime)],
    ['ipinfo.io', () => ipinfo(runtime)],
  ];
  for (const [source, work] of services) {
    const fix = await tryOne(source, work);
    if (fix) return { action: 'locate', ...fix, attempts };
  }
  throw new Error(`Could not determine the location. ${attempts.map((attempt) => `${attempt.source}: ${attempt.error}`).join('; ')}`);
}

async function googleWifi(runtime: LocationRuntime, aps: Awaited<ReturnType<LocationRuntime['scanWifi']>>): Promise<Fix> {
  const url = `${baseUrl(runtime.env, 'GOOGLE_GEOLOCATION_BASE_URL')}/geolocation/v1/geolocate?key=${encodeURIComponent(runtime.env.GOOGLE_MAPS_API_KEY ?? '')}`;
  const { status, body } = await fetchJson(runtime, url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ considerIp: false, wifiAccessPoints: aps.map((ap) => ({ macAddress: ap.macAddress, signalStrength: ap.signalStrength })) }),
  });
  const data = body as Record<string, any>;
  if (status !== 200 || typeof data.location?.lat !== 'number') {
    const reason = data.error?.errors?.[0]?.reason ?? data.error?.status;
    throw new Error(`HTTP ${status}${reason ? ` ${reason}` : ''}${data.error?.message ? `: ${data.error.message}` : ''}`);
  }
  return { provider: 'google-wifi', method: 'wifi', coordinateSystem: 'WGS-84', location: { lat: data.location.lat, lng: data.location.lng }, accuracyMeters: data.accuracy };
}

async function amapWifi(runtime: LocationRuntime, aps: Awaited<ReturnType<LocationRuntime['scanWifi']>>): Promise<Fix> {
  const url = new URL(`${baseUrl(runtime.env, 'AMAP_LOCATE_BASE_URL')}/position`);
  url.searchParams.set('key', runtime.env.AMAP_API_KEY ?? '');
  url.searchParams.set('accesstype', '1');
  url.searchParams.set('macs', aps.map((ap) => `${ap.macAddress},${ap.signalStrength ?? -60},${ap.ssid ?? ''}`).join('|'));
  url.searchParams.set('output', 'json');
  const { body } = await fetchJson(runtime, url.toString());
  const data = body as Record<string, any>;
  if (data.status !== '1') throw new Error(`Amap ${data.info ?? 'error'} (infocode ${data.infocode ?? '?'})`);
  const location = fromAmapLngLat(data.result?.location);
  if (!location || data.result?.type === '0') throw new Error('Amap has no fix for these access points');
  return {
    provider: 'amap-wifi', method: 'wifi', coordinateSystem: 'GCJ-02', location,
    accuracyMeters: Number(data.result.radius) || undefined,
    city: typeof data.result.city === 'string' ? data.result.city : undefined,
    region: typeof data.result.province === 'string' ? data.result.province : undefined,
    country: typeof data.result.country === 'string' ? data.result.country : undefined,
  };
}

function httpProblem(status: number, data: Record<string, any>): string {
  return status === 429 ? 'HTTP 429 rate limited' : `HTTP ${status}${data.reason ? ` ${data.reason}` : ''}`;
}

async function ipapiCo(runtime: LocationRuntime): Promise<Fix> {
  const { status, body } = await fetchJson(runtime, `${baseUrl(runtime.env, 'IPAPI_CO_BASE_URL')}/json/`);
  const data = body as Record<string, any>;
  if (status !== 200) throw new Error(httpProblem(status, data));
  if (data.error) throw new Error(String(data.reason ?? 'error'));
  if (typeof data.latitude !== 'number' || typeof data.longitude !== 'number' || (data.latitude === 0 && data.longitude === 0)) throw new Error('no location for this IP');
  return { provider: 'ipapi.co', method: 'ip', coordinateSystem: 'WGS-84', location: { lat: data.latitude, lng: data.longitude }, city: data.city ?? undefined, region: data.region ?? undefined, country: data.country_name ?? data.country ?? undefined };
}

async function ipApi(runtime: LocationRuntime): Promise<Fix> {
  const { status, body } = await fetchJson(runtime, `${baseUrl(runtime.env, 'IP_API_BASE_URL')}/json/`);
  const data = body as Record<string, any>;
  if (status !== 200) throw new Error(httpProblem(status, data));
  if (data.status !== 'success') throw new Error(String(data.message ?? 'fail'));
  return { provider: 'ip-api.com', method: 'ip', coordinateSystem: 'WGS-84', location: { lat: data.lat, lng: data.lon }, city: data.city || undefined, region: data.regionName || undefined, country: data.country || undefined };
}

async function ipinfo(runtime: LocationRuntime): Promise<Fix> {
  const { status, body } = await fetchJson(runtime, `${baseUrl(runtime.env, 'IPINFO_BASE_URL')}/json`);
  const data = body as Record<string, any>;
  if (status !== 200) throw new Error(`HTTP ${status}${data.error?.title ? ` ${data.error.title}` : ''}`);
  if (data.bogon) throw new Error('private (bogon) IP');
  const [lat, lng] = typeof data.loc === 'string' ? data.loc.split(',').map(Number) : [];
  if (lat === undefined || lng === undefined || Number.isNaN(lat) || Number.isNaN(lng)) throw new Error('no location for this IP');
  return { provider: 'ipinfo.io', method: 'ip', coordinateSystem: 'WGS-84', location: { lat, lng }, city: data.city || undefined, region: data.region || undefined, country: data.country || undefined };
}
