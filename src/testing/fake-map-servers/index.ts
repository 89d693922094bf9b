/** Fake map services for offline tests of the Location tool: Amap, Google Maps and three IP-geolocation services. */
export { AMAP_INFO_BY_CODE, createFakeAmapServer, FAKE_AMAP_MAX_ROWS } from './create-fake-amap-server.ts';
export type { AmapScriptedFailure, FakeAmapServer, FakeAmapServerOptions } from './create-fake-amap-server.ts';
export { createFakeGoogleMapsServer, FAKE_GOOGLE_MAX_RESULTS, FAKE_GOOGLE_PAGE_SIZE } from './create-fake-google-maps-server.ts';
export type { FakeGoogleMapsServer, FakeGoogleMapsServerOptions, GoogleScriptedFailure } from './create-fake-google-maps-server.ts';
export { createFakeIpGeoServer } from './create-fake-ip-geo-server.ts';
export type { FakeIpGeoServer, FakeIpGeoServerOptions, IpGeoBehaviour, IpGeoProvider } from './create-fake-ip-geo-server.ts';
export type { RecordedMapRequest } from './start-fake-server.ts';
