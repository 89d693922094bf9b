/** Environment: base URLs (all overridable, for proxies and the fake servers) and API keys. */

export type LocationEnv = Readonly<Record<string, string | undefined>>;

export const DEFAULT_BASE_URLS = Object.freeze({
  AMAP_BASE_URL: 'https://restapi.amap.com',
  AMAP_LOCATE_BASE_URL: 'http://apilocate.amap.com',
  GOOGLE_MAPS_BASE_URL: 'https://maps.googleapis.com',
  GOOGLE_GEOLOCATION_BASE_URL: 'https://www.googleapis.com',
  IPAPI_CO_BASE_URL: 'https://ipapi.co',
  /** ip-api.com's free endpoint is HTTP only (ip-geo.md §1). */
  IP_API_BASE_URL: 'http://ip-api.com',
  IPINFO_BASE_URL: 'https://ipinfo.io',
});

export type BaseUrlName = keyof typeof DEFAULT_BASE_URLS;

export function baseUrl(env: LocationEnv, name: BaseUrlName): string {
  const value = env[name]?.trim();
  return (value || DEFAULT_BASE_URLS[name]).replace(/\/+$/, '');
}

export const AMAP_KEY_HELP = [
  'AMAP_API_KEY is not set. Amap (高德地图) serves places in mainland China and needs a Web Service key:',
  '  1. Register at https://lbs.amap.com/ (注册).',
  '  2. Console → 应用管理 → 创建新应用.',
  '  3. In the app, 添加 Key and choose the platform 「Web 服务」 (a JS-API key fails with USERKEY_PLAT_NOMATCH).',
  '  4. export AMAP_API_KEY=<your key>',
  'Or pass region "us" (or another non-China region) to use Google Maps instead.',
].join('\n');

export const GOOGLE_KEY_HELP = [
  'GOOGLE_MAPS_API_KEY is not set. Google Maps serves places outside mainland China and needs an API key:',
  '  1. Create a project at https://console.cloud.google.com/.',
  '  2. APIs & Services → Library: enable Geocoding API, Places API and Directions API (and Geolocation API for locate).',
  '  3. APIs & Services → Credentials → Create credentials → API key.',
  '  4. Restrict the key to those APIs (strongly recommended).',
  '  5. export GOOGLE_MAPS_API_KEY=<your key>',
  'Or pass region "cn" to use Amap instead.',
].join('\n');

export function amapKey(env: LocationEnv): string {
  const key = env.AMAP_API_KEY?.trim();
  if (!key) throw new Error(AMAP_KEY_HELP);
  return key;
}

export function googleKey(env: LocationEnv): string {
  const key = env.GOOGLE_MAPS_API_KEY?.trim();
  if (!key) throw new Error(GOOGLE_KEY_HELP);
  return key;
}

/**
 * Has a map provider a key? Without one only `locate` (by IP) works, so the tool's schema (about 1,000 tokens)
 * is held back until ToolSearch loads it.
 */
export function hasMapKey(env: LocationEnv): boolean {
  return Boolean(env.AMAP_API_KEY?.trim() || env.GOOGLE_MAPS_API_KEY?.trim());
}
