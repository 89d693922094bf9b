import { startFakeServer } from './start-fake-server.ts';
import type { FakeAnswer, RecordedMapRequest, RunningFakeServer } from './start-fake-server.ts';

/** The three free IP services of ip-geo.md. */
export type IpGeoProvider = 'ipapiCo' | 'ipApi' | 'ipinfo';

/** How a fake IP service answers: a fix, HTTP 429, its private-IP shape, or (ipapi.co) the (0,0) "no fix". */
export type IpGeoBehaviour = 'ok' | 'rate-limited' | 'private' | 'no-fix';

export interface FakeIpGeoServerOptions {
  port?: number;
  behaviour?: Partial<Record<IpGeoProvider, IpGeoBehaviour>>;
}

export interface FakeIpGeoServer extends RunningFakeServer {
  /** Base URLs, one a provider, each under its own path prefix of this one server. */
  urls: Record<IpGeoProvider, string>;
  /** Changes how one provider answers from now on. */
  set(provider: IpGeoProvider, behaviour: IpGeoBehaviour): void;
}

const PREFIX: Record<IpGeoProvider, string> = { ipapiCo: '/ipapi-co', ipApi: '/ip-api', ipinfo: '/ipinfo' };

/**
 * Fakes ipapi.co (`/json/`, `/{ip}/json/`), ip-api.com (`/json/`, `/json/{ip}`) and ipinfo.io (`/json`,
 * `/{ip}/json`) under the prefixes `/ipapi-co`, `/ip-api` and `/ipinfo`, each with its own success, 429 and
 * private-IP shapes (ip-geo.md).
 */
export async function createFakeIpGeoServer(options: FakeIpGeoServerOptions = {}): Promise<FakeIpGeoServer> {
  const behaviour: Record<IpGeoProvider, IpGeoBehaviour> = { ipapiCo: 'ok', ipApi: 'ok', ipinfo: 'ok', ...options.behaviour };
  const server = await startFakeServer({
    port: options.port,
    handle(request) {
      for (const provider of Object.keys(PREFIX) as IpGeoProvider[]) {
        if (request.path.startsWith(`${PREFIX[provider]}/`)) return answer(provider, request.path.slice(PREFIX[provider].length), behaviour[provider], request);
      }
      return { status: 404, body: { error: 'Not Found' } };
    },
  });
  return {
    ...server,
    urls: { ipapiCo: server.url + PREFIX.ipapiCo, ipApi: server.url + PREFIX.ipApi, ipinfo: server.url + PREFIX.ipinfo },
    set(provider, next) {
      behaviour[provider] = next;
    },
  };
}

function answer(provider: IpGeoProvider, path: string, behaviour: IpGeoBehaviour, _request: RecordedMapRequest): FakeAnswer {
  if (provider === 'ipapiCo') {
    const match = /^\/(?:([^/]+)\/)?json\/$/.exec(path);
    if (!match) return { status: 404, body: { error: true, reason: 'Not Found' } };
    const ip = match[1] ?? '203.0.113.7';
    if (behaviour === 'rate-limited') return { status: 429, body: { error: true, reason: 'RateLimited', message: 'Visit https://ipapi.co/ratelimited/ for details' } };
    if (behaviour === 'private') return { body: { ip, error: true, reason: 'Reserved IP Address', reserved: true, version: 'IPv4' } };
    const fix = behaviour === 'no-fix' ? { latitude: 0, longitude: 0 } : { latitude: 37.42301, longitude: -122.083352 };
    return { body: { ip, network: '203.0.113.0/24', version: 'IPv4', city: behaviour === 'no-fix' ? null : 'Mountain View', region: 'California', region_code: 'CA', country: 'US', country_name: 'United States', country_code: 'US', postal: '94043', ...fix, timezone: 'America/Los_Angeles', asn: 'AS15169', org: 'GOOGLE' } };
  }
  if (provider === 'ipApi') {
    const match = /^\/json\/([^/]*)$/.exec(path);
    if (!match) return { status: 404, body: { status: 'fail', message: 'invalid query' } };
    const ip = match[1] || '123.125.114.144';
    if (behaviour === 'rate-limited') return { status: 429, body: { status: 'fail', message: 'rate limited' }, headers: { 'x-rl': '0', 'x-ttl': '42' } };
    if (behaviour !== 'ok') return { body: { status: 'fail', message: 'private range', query: ip }, headers: { 'x-rl': '44', 'x-ttl': '60' } };
    return {
      body: { status: 'success', country: 'China', countryCode: 'CN', region: 'BJ', regionName: 'Beijing', city: 'Beijing', zip: '', lat: 39.9042, lon: 116.4074, timezone: 'Asia/Shanghai', isp: 'China Unicom Beijing Province Network', org: '', as: 'AS4808 China Unicom Beijing Province Network', query: ip },
      headers: { 'x-rl': '44', 'x-ttl': '60' },
    };
  }
  const match = /^\/(?:([^/]+)\/)?json$/.exec(path);
  if (!match) return { status: 404, body: { status: 404, error: { title: 'Wrong ip', message: 'Please provide a valid IP address' } } };
  const ip = match[1] ?? '8.8.8.8';
  if (behaviour === 'rate-limited') return { status: 429, body: { status: 429, error: { title: 'Rate limit exceeded', message: 'You have exceeded 50,000 requests a month.' } } };
  if (behaviour !== 'ok') return { body: { ip, bogon: true } };
  return { body: { ip, hostname: 'dns.google', city: 'Mountain View', region: 'California', country: 'US', loc: '37.4056,-122.0775', org: 'AS15169 Google LLC', postal: '94043', timezone: 'America/Los_Angeles', readme: 'https://ipinfo.io/missingauth' } };
}
