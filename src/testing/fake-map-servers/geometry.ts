/** Great-circle distance in meters between two points (degrees). */
export function distanceMeters(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  const radians = (degrees: number) => (degrees * Math.PI) / 180;
  const dLat = radians(b.lat - a.lat);
  const dLng = radians(b.lng - a.lng);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(radians(a.lat)) * Math.cos(radians(b.lat)) * Math.sin(dLng / 2) ** 2;
  return Math.round(2 * 6_371_000 * Math.asin(Math.sqrt(h)));
}

/** A stable point near `center` for a text, so the same address always geocodes to the same place. */
export function pointForText(text: string, center: { lat: number; lng: number }): { lat: number; lng: number } {
  let hash = 0;
  for (const char of text) hash = (hash * 31 + char.codePointAt(0)!) >>> 0;
  return { lat: round6(center.lat + ((hash % 1000) - 500) / 10_000), lng: round6(center.lng + (((hash >>> 10) % 1000) - 500) / 10_000) };
}

export function round6(value: number): number {
  return Math.round(value * 1e6) / 1e6;
}
