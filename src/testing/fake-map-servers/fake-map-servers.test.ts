import { describe, expect, it } from 'vitest';
import { createFakeAmapServer, createFakeGoogleMapsServer, createFakeIpGeoServer } from './index.ts';

const get = async (url: string) => {
  const response = await fetch(url);
  return { status: response.status, body: (await response.json()) as Record<string, any> };
};

describe('fake Amap server', () => {
  it('answers errors with HTTP 200 and infocodes, pages 25 at most within the 200-row window', async () => {
    const server = await createFakeAmapServer({ poiCount: 899 });
    try {
      expect((await get(`${server.url}/v3/geocode/geo?key=nope&address=x`)).body).toEqual({ status: '0', info: 'INVALID_USER_KEY', infocode: '10001' });
      expect((await get(`${server.url}/v3/place/around?key=test-amap-key&location=116.4,39.9&offset=26`)).body.infocode).toBe('20000');
      const page8 = await get(`${server.url}/v3/place/around?key=test-amap-key&location=116.4,39.9&offset=25&page=8`);
      expect(page8.status).toBe(200);
      expect(page8.body).toMatchObject({ status: '1', count: '899' });
      expect(page8.body.pois).toHaveLength(25);
      expect((await get(`${server.url}/v3/place/around?key=test-amap-key&location=116.4,39.9&offset=25&page=9`)).body.pois).toEqual([]);
      expect((await get(`${server.url}/v4/direction/bicycling?key=bad&origin=1,1&destination=1,2`)).body).toMatchObject({ errcode: 10001, errmsg: 'INVALID_USER_KEY', data: '' });
      expect(server.requests).toHaveLength(5);
    } finally {
      await server.close();
    }
  });
});

describe('fake Google Maps server', () => {
  it('rejects a page token used before it is valid, caps at 60 and never issues a token on page 3', async () => {
    const server = await createFakeGoogleMapsServer({ placeCount: 100, pageTokenDelayMs: 50 });
    try {
      const first = await get(`${server.url}/maps/api/place/nearbysearch/json?key=test-google-key&location=1,2&radius=100`);
      expect(first.body.results).toHaveLength(20);
      const early = await get(`${server.url}/maps/api/place/nearbysearch/json?key=test-google-key&pagetoken=${first.body.next_page_token}`);
      expect(early.body).toEqual({ html_attributions: [], results: [], status: 'INVALID_REQUEST' });
      await new Promise((resolve) => setTimeout(resolve, 60));
      const second = await get(`${server.url}/maps/api/place/nearbysearch/json?key=test-google-key&pagetoken=${first.body.next_page_token}`);
      await new Promise((resolve) => setTimeout(resolve, 60));
      const third = await get(`${server.url}/maps/api/place/nearbysearch/json?key=test-google-key&pagetoken=${second.body.next_page_token}`);
      expect(third.body.results).toHaveLength(20);
      expect(third.body.next_page_token).toBeUndefined();
      expect((await get(`${server.url}/maps/api/geocode/json?key=bad&address=x`)).body).toMatchObject({ status: 'REQUEST_DENIED', error_message: 'The provided API key is invalid.' });
    } finally {
      await server.close();
    }
  });

  it('geolocation: 404 notFound with considerIp false and fewer than 2 APs', async () => {
    const server = await createFakeGoogleMapsServer();
    try {
      const response = await fetch(`${server.url}/geolocation/v1/geolocate?key=test-google-key`, { method: 'POST', body: JSON.stringify({ considerIp: false }) });
      expect(response.status).toBe(404);
      expect(((await response.json()) as any).error.errors[0].reason).toBe('notFound');
    } finally {
      await server.close();
    }
  });
});

describe('fake IP-geolocation server', () => {
  it('gives each provider its own shapes', async () => {
    const server = await createFakeIpGeoServer({ behaviour: { ipapiCo: 'rate-limited', ipinfo: 'private' } });
    try {
      expect(await get(`${server.urls.ipapiCo}/json/`)).toMatchObject({ status: 429, body: { error: true, reason: 'RateLimited' } });
      expect((await get(`${server.urls.ipApi}/json/`)).body).toMatchObject({ status: 'success', lat: 39.9042, lon: 116.4074 });
      expect((await get(`${server.urls.ipinfo}/json`)).body).toMatchObject({ bogon: true });
      server.set('ipApi', 'rate-limited');
      const limited = await fetch(`${server.urls.ipApi}/json/`);
      expect([limited.status, limited.headers.get('x-rl')]).toEqual([429, '0']);
    } finally {
      await server.close();
    }
  });
});
