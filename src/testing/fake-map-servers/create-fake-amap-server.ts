import { distanceMeters, pointForText, round6 } from './geometry.ts';
import { startFakeServer } from './start-fake-server.ts';
import type { FakeAnswer, RecordedMapRequest, RunningFakeServer } from './start-fake-server.ts';

/** The infocode → info names the fake can script (amap.md §9). */
export const AMAP_INFO_BY_CODE: Readonly<Record<string, string>> = Object.freeze({
  '10001': 'INVALID_USER_KEY',
  '10002': 'SERVICE_NOT_AVAILABLE',
  '10003': 'DAILY_QUERY_OVER_LIMIT',
  '10004': 'ACCESS_TOO_FREQUENT',
  '10009': 'USERKEY_PLAT_NOMATCH',
  '10021': 'CUQPS_HAS_EXCEEDED_THE_LIMIT',
  '10044': 'USER_DAILY_QUERY_OVER_LIMIT',
  '20000': 'INVALID_PARAMS',
  '20001': 'MISSING_REQUIRED_PARAMS',
  '20800': 'OUT_OF_SERVICE',
  '20803': 'OVER_DIRECTION_RANGE',
});

/** A scripted failure: the next `times` requests (to `path`, when given) fail with `infocode`. */
export interface AmapScriptedFailure {
  infocode: string;
  path?: string;
  times?: number;
}

export interface FakeAmapServerOptions {
  port?: number;
  /** Keys the fake accepts; any other key → INVALID_USER_KEY (10001). Default `['test-amap-key']`. */
  keys?: readonly string[];
  /** How many POIs match every around/text search. Default 30. The fake pages out at most 200 of them. */
  poiCount?: number;
  /** Scripted failures, consumed in order. */
  failures?: AmapScriptedFailure[];
}

export interface FakeAmapServer extends RunningFakeServer {
  /** Adds a scripted failure at run time. */
  fail(failure: AmapScriptedFailure): void;
}

/** The 200-row paging window of an identical Amap query (amap.md §3). */
export const FAKE_AMAP_MAX_ROWS = 200;
const CENTER = { lat: 39.9087, lng: 116.3975 };

/**
 * A fake Amap Web Service (amap.md): geocode/regeo, v3 place around/text, v3 driving/walking/transit, v4
 * bicycling, v3 IP and the hardware/Wi-Fi `/position` endpoint. HTTP 200 for every answer, all scalars as
 * strings, empty values as `[]`, coordinates `lng,lat` (GCJ-02).
 */
export async function createFakeAmapServer(options: FakeAmapServerOptions = {}): Promise<FakeAmapServer> {
  const keys = new Set(options.keys ?? ['test-amap-key']);
  const failures = [...(options.failures ?? [])];
  const poiCount = options.poiCount ?? 30;
  const server = await startFakeServer({ port: options.port, handle: (request) => handle(request) });

  function handle(request: RecordedMapRequest): FakeAnswer {
    const v4 = request.path.startsWith('/v4/');
    const key = request.query.key;
    if (!key || !keys.has(key)) return v4 ? v4Error('10001') : amapError('10001');
    const failureIndex = failures.findIndex((failure) => !failure.path || failure.path === request.path);
    if (failureIndex >= 0) {
      const failure = failures[failureIndex]!;
      failure.times = (failure.times ?? 1) - 1;
      if (failure.times <= 0) failures.splice(failureIndex, 1);
      return v4 ? v4Error(failure.infocode) : amapError(failure.infocode);
    }
    switch (request.path) {
      case '/v3/geocode/geo':
        return geocode(request.query);
      case '/v3/geocode/regeo':
        return regeo(request.query);
      case '/v3/place/around':
      case '/v3/place/text':
        return placeSearch(request.path, request.query);
      case '/v3/direction/driving':
      case '/v3/direction/walking':
        return route(request.path, request.query);
      case '/v3/direction/transit/integrated':
        return transit(request.query);
      case '/v4/direction/bicycling':
        return bicycling(request.query);
      case '/v3/ip':
        return ok({ province: '北京市', city: '北京市', adcode: '110000', rectangle: '116.0119343,39.66127144;116.7829835,40.2164962' });
      case '/position':
        return position(request.query);
      default:
        return amapError('10002');
    }
  }

  function placeSearch(path: string, query: Record<string, string>): FakeAnswer {
    if (path === '/v3/place/around' && !query.location) return amapError('20001');
    if (path === '/v3/place/text' && !query.keywords && !query.types) return amapError('20001');
    const offset = Number(query.offset ?? 20);
    const page = Number(query.page ?? 1);
    if (!Number.isInteger(offset) || offset < 1 || offset > 25 || !Number.isInteger(page) || page < 1) return amapError('20000');
    const center = query.location ? parseLngLat(query.location) : CENTER;
    const start = (page - 1) * offset;
    const end = Math.min(start + offset, poiCount, FAKE_AMAP_MAX_ROWS);
    const pois = [];
    for (let index = start; index < end; index++) pois.push(poi(index, center, path === '/v3/place/around', query.keywords));
    return ok({ count: String(poiCount), suggestion: { keywords: [], cities: [] }, pois });
  }

  return {
    ...server,
    fail(failure) {
      failures.push(failure);
    },
  };
}

function ok(fields: Record<string, unknown>): FakeAnswer {
  return { body: { status: '1', info: 'OK', infocode: '10000', ...fields } };
}

function amapError(infocode: string): FakeAnswer {
  return { body: { status: '0', info: AMAP_INFO_BY_CODE[infocode] ?? 'UNKNOWN_ERROR', infocode } };
}

function v4Error(infocode: string): FakeAnswer {
  return { body: { errcode: Number(infocode), errmsg: AMAP_INFO_BY_CODE[infocode] ?? 'UNKNOWN_ERROR', errdetail: null, data: '' } };
}

function parseLngLat(text: string): { lat: number; lng: number } {
  const [lng, lat] = text.split(',').map(Number);
  return { lat: lat ?? 0, lng: lng ?? 0 };
}

function lngLat(point: { lat: number; lng: number }): string {
  return `${round6(point.lng)},${round6(point.lat)}`;
}

function geocode(query: Record<string, string>): FakeAnswer {
  const address = query.address;
  if (!address) return amapError('20001');
  if (/nowhere|不存在/i.test(address)) return ok({ count: '0', geocodes: [] });
  const point = pointForText(address, CENTER);
  return ok({
    count: '1',
    geocodes: [
      {
        formatted_address: `北京市${address}`,
        country: '中国', province: '北京市', citycode: '010', city: '北京市', district: '朝阳区', township: [],
        neighborhood: { name: [], type: [] }, building: { name: [], type: [] }, adcode: '110105',
        street: [], number: [], location: lngLat(point), level: '兴趣点',
      },
    ],
  });
}

function regeo(query: Record<string, string>): FakeAnswer {
  if (!query.location) return amapError('20001');
  return ok({
    regeocode: {
      formatted_address: '北京市朝阳区望京街道方恒国际中心B座',
      addressComponent: {
        country: '中国', province: '北京市', city: [], citycode: '010', district: '朝阳区', adcode: '110105',
        township: '望京街道', towncode: '110105026000', neighborhood: { name: [], type: [] }, building: { name: [], type: [] },
        streetNumber: { street: '阜通东大街', number: '6号', location: query.location, direction: '西北', distance: '47.1' },
        businessAreas: [[]],
      },
    },
  });
}

function poi(index: number, center: { lat: number; lng: number }, around: boolean, keywords?: string) {
  const point = { lat: center.lat + ((index % 10) - 5) / 1000, lng: center.lng + (Math.floor(index / 10) - 5) / 1000 };
  return {
    id: `B000A${String(index).padStart(5, '0')}`, parent: [], childtype: [], name: `${keywords ?? '地点'}${index + 1}号店`, tag: [],
    type: '餐饮服务;咖啡厅;咖啡厅', typecode: '050500', biz_type: [], address: index % 7 === 6 ? [] : `测试路${index + 1}号`,
    location: lngLat(point), tel: index % 2 === 0 ? '010-12345678' : [], postcode: [], website: [], email: [],
    pcode: '110000', pname: '北京市', citycode: '010', cityname: '北京市', adcode: '110105', adname: '朝阳区',
    distance: around ? String(distanceMeters(center, point)) : [], business_area: '望京',
    biz_ext: { rating: index % 3 === 0 ? '4.5' : [], cost: [] },
  };
}

function stopsOf(query: Record<string, string>): { lat: number; lng: number }[] {
  const waypoints = query.waypoints ? query.waypoints.split(';').map(parseLngLat) : [];
  return [parseLngLat(query.origin!), ...waypoints, parseLngLat(query.destination!)];
}

function route(path: string, query: Record<string, string>): FakeAnswer {
  if (!query.origin || !query.destination) return amapError('20001');
  if (query.waypoints && query.waypoints.split(';').length > 16) return amapError('20000');
  const walking = path.endsWith('walking');
  const stops = stopsOf(query);
  const steps = stops.slice(1).map((to, index) => {
    const distance = distanceMeters(stops[index]!, to);
    const duration = Math.round(distance / (walking ? 1.2 : 10));
    return {
      instruction: `${walking ? '步行' : '向东行驶'}${distance}米${index === stops.length - 2 ? '到达目的地' : '右转'}`,
      orientation: '东', road: index % 2 === 0 ? '长安街' : [], distance: String(distance), duration: String(duration),
      polyline: `${lngLat(stops[index]!)};${lngLat(to)}`, action: index === stops.length - 2 ? [] : '右转', assistant_action: [],
    };
  });
  const distance = steps.reduce((sum, step) => sum + Number(step.distance), 0);
  const duration = steps.reduce((sum, step) => sum + Number(step.duration), 0);
  return ok({
    count: '1',
    route: {
      origin: query.origin, destination: query.destination, taxi_cost: walking ? [] : String(Math.round(distance / 300)),
      paths: [{ distance: String(distance), duration: String(duration), strategy: walking ? [] : '速度最快', tolls: '0', traffic_lights: '3', steps }],
    },
  });
}

function transit(query: Record<string, string>): FakeAnswer {
  if (!query.origin || !query.destination || !query.city) return amapError('20001');
  const from = parseLngLat(query.origin);
  const to = parseLngLat(query.destination);
  const distance = distanceMeters(from, to);
  return ok({
    count: '1',
    route: {
      origin: query.origin, destination: query.destination, distance: String(distance), taxi_cost: String(Math.round(distance / 300)),
      transits: [{
        cost: '5.0', duration: String(Math.round(distance / 6) + 360), nightflag: '0', walking_distance: '420', distance: String(distance + 420), missed: '0',
        segments: [{
          walking: { origin: query.origin, destination: query.origin, distance: '420', duration: '360',
            steps: [{ instruction: '步行420米到达望京站', road: [], distance: '420', duration: '360', polyline: query.origin, action: [], assistant_action: '到达望京站' }] },
          bus: { buslines: [{
            departure_stop: { name: '望京', id: 'BV1', location: query.origin }, arrival_stop: { name: '东单', id: 'BV2', location: query.destination },
            name: '地铁14号线(善各庄--张郭庄)', id: '110100023110', type: '地铁线路', distance: String(distance), duration: String(Math.round(distance / 6)),
            polyline: `${query.origin};${query.destination}`, start_time: '0500', end_time: '2310', via_num: '8', via_stops: [],
          }] },
          entrance: [], exit: [], railway: { alters: [], spaces: [] },
        }],
      }],
    },
  });
}

function bicycling(query: Record<string, string>): FakeAnswer {
  if (!query.origin || !query.destination) return v4Error('20001');
  const from = parseLngLat(query.origin);
  const to = parseLngLat(query.destination);
  const distance = distanceMeters(from, to);
  return {
    body: {
      data: { origin: query.origin, destination: query.destination, paths: [{ distance, duration: Math.round(distance / 4),
        steps: [{ action: '', assistant_action: '到达目的地', distance, duration: Math.round(distance / 4), instruction: `骑行${distance}米到达目的地`, orientation: '', road: '', polyline: `${query.origin};${query.destination}` }] }] },
      errcode: 0, errdetail: null, errmsg: 'OK',
    },
  };
}

function position(query: Record<string, string>): FakeAnswer {
  const macs = (query.macs ?? '').split('|').filter(Boolean);
  if (query.accesstype === '1' && macs.length >= 2) {
    return ok({ result: { type: '4', location: '116.4806,39.9895', radius: '550', desc: '北京市 朝阳区 阜通东大街 靠近方恒国际中心', country: '中国', province: '北京市', city: '北京市', citycode: '010', adcode: '110105', road: '阜通东大街', street: '阜通东大街', poi: '方恒国际中心' } });
  }
  return ok({ result: { type: '0' } });
}
