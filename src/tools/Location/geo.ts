import type { LatLng } from './types.ts';

const PAIR = /^\s*\(?\s*(-?\d{1,3}(?:\.\d+)?)\s*[, ]\s*(-?\d{1,3}(?:\.\d+)?)\s*\)?\s*$/;

/**
 * Reads "lat,lng" coordinates. A pair whose first number cannot be a latitude (|x| > 90) is read as Amap's
 * "lng,lat" and swapped. Anything else (an address, a place name) → undefined.
 */
export function parseCoordinates(text: string): LatLng | undefined {
  const match = PAIR.exec(text);
  if (!match) return undefined;
  let lat = Number(match[1]);
  let lng = Number(match[2]);
  if (Math.abs(lat) > 90 && Math.abs(lng) <= 90) [lat, lng] = [lng, lat];
  if (Math.abs(lat) > 90 || Math.abs(lng) > 180) return undefined;
  return { lat, lng };
}

/** Amap's "lng,lat" (≤ 6 decimals). */
export function toAmapLngLat(point: LatLng): string {
  return `${round6(point.lng)},${round6(point.lat)}`;
}

/** Parses Amap's "lng,lat". */
export function fromAmapLngLat(text: unknown): LatLng | undefined {
  if (typeof text !== 'string') return undefined;
  const [lng, lat] = text.split(',').map(Number);
  return lng === undefined || lat === undefined || Number.isNaN(lng) || Number.isNaN(lat) ? undefined : { lat, lng };
}

export function formatLatLng(point: LatLng): string {
  return `${round6(point.lat)},${round6(point.lng)}`;
}

export function round6(value: number): number {
  return Math.round(value * 1e6) / 1e6;
}

/** Great-circle distance in meters. */
export function distanceMeters(a: LatLng, b: LatLng): number {
  const radians = (degrees: number) => (degrees * Math.PI) / 180;
  const h = Math.sin(radians(b.lat - a.lat) / 2) ** 2 + Math.cos(radians(a.lat)) * Math.cos(radians(b.lat)) * Math.sin(radians(b.lng - a.lng) / 2) ** 2;
  return Math.round(2 * 6_371_000 * Math.asin(Math.sqrt(h)));
}
