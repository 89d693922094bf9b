/** Text renderings of Location results: concise text for the model, a compact view for the terminal. */
import { formatLatLng } from './geo.ts';
import type { LocationOutput, Place, RouteOutput } from './types.ts';

export function formatDistance(meters: number): string {
  return meters >= 1000 ? `${(meters / 1000).toFixed(meters >= 100_000 ? 0 : 1)} km` : `${Math.round(meters)} m`;
}

export function formatDuration(seconds: number): string {
  const minutes = Math.round(seconds / 60);
  if (minutes < 1) return `${Math.round(seconds)} s`;
  if (minutes < 60) return `${minutes} min`;
  return `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
}

const PROVIDER_NAME: Record<string, string> = { amap: 'Amap', google: 'Google Maps' };

function datumNote(output: { coordinateSystem: string }): string {
  return output.coordinateSystem === 'GCJ-02'
    ? 'Coordinates are lat,lng in GCJ-02 (Amap/China datum; offset by up to ~500 m from GPS/WGS-84 — do not mix with Google or GPS coordinates without converting).'
    : 'Coordinates are lat,lng in WGS-84.';
}

function placeLine(place: Place, index: number): string {
  const parts = [`${index + 1}. ${place.name}`];
  if (place.address) parts.push(place.address);
  parts.push(`(${formatLatLng(place.location)})`);
  if (place.distanceMeters !== undefined) parts.push(formatDistance(place.distanceMeters));
  if (place.rating !== undefined) parts.push(`rating ${place.rating}${place.ratingCount !== undefined ? ` (${place.ratingCount})` : ''}`);
  if (place.phone) parts.push(`tel ${place.phone}`);
  return parts.join(' · ');
}

function routeHeader(output: RouteOutput): string {
  return `${output.mode} route ${output.stops.join(' → ')}: ${formatDistance(output.distanceMeters)}, ${formatDuration(output.durationSeconds)}`;
}

/** The tool_result text the model reads. */
export function formatForModel(output: LocationOutput): string {
  switch (output.action) {
    case 'locate': {
      const place = [output.city, output.region, output.country].filter(Boolean).join(', ');
      return [
        `Approximate location (${output.method === 'wifi' ? 'Wi-Fi positioning' : 'IP geolocation'} via ${output.provider}): ${formatLatLng(output.location)}${place ? ` — ${place}` : ''}${output.accuracyMeters ? ` (±${formatDistance(output.accuracyMeters)})` : ''}`,
        output.method === 'ip' ? 'IP geolocation is city-level at best and may point at the ISP or VPN exit; ask the user to confirm before relying on it.' : '',
        datumNote(output),
        `Tried: ${output.attempts.map((attempt) => `${attempt.source} ${attempt.ok ? 'ok' : `failed (${attempt.error})`}`).join('; ')}`,
      ].filter(Boolean).join('\n');
    }
    case 'geocode':
      if (output.matches.length === 0) return `${PROVIDER_NAME[output.provider]} found no match for "${output.query}".`;
      return [
        `${PROVIDER_NAME[output.provider]} geocode of "${output.query}":`,
        ...output.matches.map((match, index) => `${index + 1}. ${match.address} (${formatLatLng(match.location)})${match.precision ? ` · ${match.precision}` : ''}${match.placeId ? ` · place_id ${match.placeId}` : ''}`),
        datumNote(output),
      ].join('\n');
    case 'search_places': {
      const where = output.searchKind === 'nearby' ? `within ${formatDistance(output.radiusMeters ?? 0)} of ${output.center.label}` : `in ${output.center.label}`;
      const lines = [`${output.places.length} places${output.query ? ` for "${output.query}"` : ''} ${where} (${PROVIDER_NAME[output.provider]}, ${output.pages} ${output.pages === 1 ? 'page' : 'pages'}):`];
      if (output.places.length === 0) lines.push('No places found. Try a broader query, a larger radius or another location.');
      lines.push(...output.places.map(placeLine));
      if (output.truncated) {
        lines.push(output.provider === 'amap'
          ? `Amap reports ${output.totalReported} matches but pages out at most 200 per query; narrow the query or area for the rest.`
          : 'Google returns at most 60 places per query; narrow the query or area for more.');
      }
      lines.push(datumNote(output));
      return lines.join('\n');
    }
    case 'get_directions':
    case 'plan_trip': {
      const lines = [`${PROVIDER_NAME[output.provider]} ${routeHeader(output)}`];
      if (output.notes.length > 0) lines.push(`Notes: ${output.notes.join('; ')}`);
      output.legs.forEach((leg, index) => {
        if (output.legs.length > 1) lines.push(`Leg ${index + 1}: ${leg.from} → ${leg.to} — ${formatDistance(leg.distanceMeters)}, ${formatDuration(leg.durationSeconds)}`);
        leg.steps.forEach((step, stepIndex) => {
          const size = [step.distanceMeters !== undefined ? formatDistance(step.distanceMeters) : '', step.durationSeconds !== undefined ? formatDuration(step.durationSeconds) : ''].filter(Boolean).join(', ');
          lines.push(`  ${stepIndex + 1}. ${step.instruction}${size ? ` (${size})` : ''}`);
        });
      });
      return lines.join('\n');
    }
  }
}

const bold = (text: string, color: boolean) => (color ? `\u001b[1m${text}\u001b[22m` : text);
const dim = (text: string, color: boolean) => (color ? `\u001b[2m${text}\u001b[22m` : text);

/** The terminal view: a headline and the first few places or steps (all of them when verbose). */
export function renderForTerminal(output: LocationOutput, options: { verbose: boolean; color: boolean }): string {
  const limit = options.verbose ? Number.POSITIVE_INFINITY : 5;
  const more = (total: number) => (total > limit ? [dim(`  … ${total - limit} more`, options.color)] : []);
  switch (output.action) {
    case 'locate':
      return `📍 ${bold(formatLatLng(output.location), options.color)} ${[output.city, output.country].filter(Boolean).join(', ')} ${dim(`via ${output.provider}`, options.color)}`;
    case 'geocode':
      return output.matches.length === 0
        ? `No match for "${output.query}"`
        : output.matches.slice(0, limit).map((match) => `📍 ${bold(match.address, options.color)} ${dim(`${formatLatLng(match.location)} ${output.coordinateSystem}`, options.color)}`).join('\n');
    case 'search_places':
      return [
        `Found ${output.places.length} ${output.places.length === 1 ? 'place' : 'places'}${output.query ? ` for "${output.query}"` : ''} near ${output.center.label} ${dim(`(${PROVIDER_NAME[output.provider]})`, options.color)}`,
        ...output.places.slice(0, limit).map((place, index) => {
          const facts = [place.distanceMeters !== undefined ? formatDistance(place.distanceMeters) : '', place.rating !== undefined ? `★ ${place.rating}` : ''].filter(Boolean).join(' · ');
          return `  ${index + 1}. ${bold(place.name, options.color)}${place.address ? ` ${dim(place.address, options.color)}` : ''}${facts ? `  ${facts}` : ''}`;
        }),
        ...more(output.places.length),
      ].join('\n');
    case 'get_directions':
    case 'plan_trip': {
      const steps = output.legs.flatMap((leg) => leg.steps);
      return [
        `🧭 ${bold(`${formatDistance(output.distanceMeters)} · ${formatDuration(output.durationSeconds)}`, options.color)} ${output.mode} ${dim(`(${PROVIDER_NAME[output.provider]})`, options.color)}`,
        ...(output.legs.length > 1
          ? output.legs.map((leg, index) => `  ${index + 1}. ${leg.from} → ${leg.to}  ${formatDistance(leg.distanceMeters)} · ${formatDuration(leg.durationSeconds)}`)
          : steps.slice(0, limit).map((step) => `  → ${step.instruction}`)),
        ...(output.legs.length > 1 ? [] : more(steps.length)),
      ].join('\n');
    }
  }
}
