import type { LocationToolProgress } from '../../progress/types.ts';
import { buildBuiltinTool } from '../../tool/build-tool.ts';
import type { ValidationResult } from '../../tool/types.ts';
import { hasMapKey, type LocationEnv } from './config.ts';
import { detectProvider, googleRegionBias } from './detect-region.ts';
import { formatForModel, renderForTerminal } from './format.ts';
import { locationInputSchema } from './input-schema.ts';
import type { LocationInput } from './input-schema.ts';
import { AMAP_MAX_WAYPOINTS, GOOGLE_MAX_WAYPOINTS } from './limits.ts';
import { loadProviders } from './load-providers.ts';
import { LOCATION_DESCRIPTION, LOCATION_PROMPT, LOCATION_TOOL_NAME } from './prompt.ts';
import type { LocationRuntime } from './runtime.ts';
import type { LocationOutput, RouteOutput, WifiAccessPoint } from './types.ts';

export { AMAP_KEY_HELP, DEFAULT_BASE_URLS, GOOGLE_KEY_HELP } from './config.ts';
export { detectProvider, KNOWN_CHINESE_CITIES } from './detect-region.ts';
export { LOCATION_ACTIONS, locationInputSchema, TRAVEL_MODES } from './input-schema.ts';
export type { LocationInput } from './input-schema.ts';
export * from './limits.ts';
export { LOCATION_DESCRIPTION, LOCATION_PROMPT, LOCATION_TOOL_NAME } from './prompt.ts';
export type * from './types.ts';

export interface LocationToolOptions {
  /** Keys and base URLs; default `process.env`, read at call time. */
  env?: LocationEnv;
  fetch?: typeof fetch;
  /** Waits (the Google page-token delay, Amap QPS backoff). Tests pass an instant one. */
  sleep?: (ms: number) => Promise<void>;
  /** Scans Wi-Fi access points for `locate`. Default: none (Wi-Fi positioning is skipped). */
  scanWifi?: () => Promise<readonly WifiAccessPoint[]>;
}

const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function needs(input: LocationInput, field: 'location' | 'destination', why: string): ValidationResult | undefined {
  return input[field] ? undefined : { result: false, message: `${input.action} needs "${field}" (${why}).`, errorCode: 1 };
}

/** Per-action checks beyond the schema: the seed's required `location`, except for `locate`. */
export function validateLocationInput(input: LocationInput): ValidationResult {
  const stopLimit = detectProvider(allTexts(input), input.region) === 'amap' ? AMAP_MAX_WAYPOINTS : GOOGLE_MAX_WAYPOINTS;
  switch (input.action) {
    case 'locate':
      return { result: true };
    case 'geocode':
      return needs(input, 'location', 'the address or place name to geocode') ?? { result: true };
    case 'search_places':
      return needs(input, 'location', 'an address, city or "lat,lng" to search around; call locate first if you need the user\'s position') ?? { result: true };
    case 'get_directions':
    case 'plan_trip': {
      const missing = needs(input, 'location', 'the origin') ?? needs(input, 'destination', 'where the route ends');
      if (missing) return missing;
      if (input.action === 'plan_trip' && !input.waypoints?.length) {
        return { result: false, message: 'plan_trip needs at least one entry in "waypoints"; for a route between two points use get_directions.', errorCode: 2 };
      }
      if ((input.waypoints?.length ?? 0) > stopLimit) {
        return { result: false, message: `At most ${stopLimit} waypoints are supported by this provider; split the trip into several plan_trip calls.`, errorCode: 3 };
      }
      return { result: true };
    }
  }
}

function allTexts(input: Partial<LocationInput>): (string | undefined)[] {
  return [input.location, input.destination, input.query, ...(input.waypoints ?? [])];
}

async function runAction(input: LocationInput, runtime: LocationRuntime): Promise<LocationOutput> {
  const { amapGeocode, amapRoute, amapSearchPlaces, googleGeocode, googleRoute, googleSearchPlaces, locate } = await loadProviders();
  if (input.action === 'locate') return locate(runtime);
  const provider = detectProvider(allTexts(input), input.region);
  const region = googleRegionBias(input.region);
  const coordinateSystem = provider === 'amap' ? 'GCJ-02' : 'WGS-84';
  runtime.progress({ provider, message: `Asking ${provider === 'amap' ? 'Amap' : 'Google Maps'}` });
  const location = input.location!;
  switch (input.action) {
    case 'geocode': {
      const matches = provider === 'amap' ? await amapGeocode(runtime, location) : await googleGeocode(runtime, location, { language: input.language, region });
      return { action: 'geocode', provider, coordinateSystem, query: location, matches: matches.map(({ area: _area, ...match }: any) => match) };
    }
    case 'search_places': {
      const options = { location, query: input.query, type: input.type, radius: input.radius, language: input.language, region };
      if (provider === 'amap') {
        const result = await amapSearchPlaces(runtime, options);
        return {
          action: 'search_places', provider, coordinateSystem, query: input.query, center: result.center,
          searchKind: result.area ? 'area' : 'nearby', radiusMeters: result.area ? undefined : input.radius,
          places: result.places, totalReported: result.total, pages: result.pages, truncated: result.total > result.places.length,
        };
      }
      const result = await googleSearchPlaces(runtime, options);
      return {
        action: 'search_places', provider, coordinateSystem, query: input.query, center: result.center,
        searchKind: result.area ? 'area' : 'nearby', radiusMeters: result.area ? undefined : input.radius,
        places: result.places, pages: result.pages, truncated: result.truncated,
      };
    }
    case 'get_directions':
    case 'plan_trip': {
      const stops = [location, ...(input.waypoints ?? []), input.destination!];
      const result =
        provider === 'amap'
          ? await amapRoute(runtime, { stops, mode: input.mode, perLeg: input.action === 'plan_trip' })
          : await googleRoute(runtime, { stops, mode: input.mode, language: input.language, region });
      const output: RouteOutput = {
        action: input.action, provider, coordinateSystem, mode: input.mode, stops, legs: result.legs,
        distanceMeters: result.legs.reduce((sum, leg) => sum + leg.distanceMeters, 0),
        durationSeconds: result.legs.reduce((sum, leg) => sum + leg.durationSeconds, 0),
        notes: result.notes,
      };
      return output;
    }
  }
}

/**
 * Makes the Location tool. Options are for tests (fake servers, an instant `sleep`); the defaults read
 * `process.env` at call time and use the global `fetch` and real timers.
 *
 * Permissions: read-only lookups that send the location text to the map provider; the default (allow) applies,
 * and rules can still deny `Location`.
 */
export function createLocationTool(options: LocationToolOptions = {}) {
  return buildBuiltinTool<typeof locationInputSchema, LocationOutput, LocationToolProgress>({
    name: LOCATION_TOOL_NAME,
    searchHint: 'map geocode places nearby directions route trip locate amap google',
    description: LOCATION_DESCRIPTION,
    prompt: () => LOCATION_PROMPT,
    inputSchema: locationInputSchema,
    isReadOnly: () => true,
    isConcurrencySafe: () => true,
    shouldDefer: !hasMapKey(options.env ?? process.env),
    toAutoClassifierInput: (input) => (input.location ? `${input.action} ${input.location}` : input.action),
    getActivityDescription: (input) => (input.action === 'locate' ? 'Locating' : `Location ${input.action ?? ''}${input.location ? ` ${input.location}` : ''}`.trim()),
    validateInput: (input) => validateLocationInput(input),
    async call(input, context) {
      const runtime: LocationRuntime = {
        env: options.env ?? process.env,
        fetch: options.fetch ?? globalThis.fetch,
        sleep: options.sleep ?? realSleep,
        scanWifi: options.scanWifi ?? (async () => []),
        signal: context.signal,
        action: input.action,
        progress: (update) => context.onProgress({ type: 'location_progress', action: input.action, ...update }),
      };
      return { data: await runAction(input, runtime) };
    },
    mapToolResultToToolResultBlockParam: (output, toolUseId) => ({ type: 'tool_result', tool_use_id: toolUseId, content: formatForModel(output) }),
    renderToolResultMessage: (output, renderOptions) => renderForTerminal(output, renderOptions),
    renderToolUseMessage: (input) => [input.action, input.location && `"${input.location}"`, input.destination && `→ "${input.destination}"`, input.query && `query "${input.query}"`].filter(Boolean).join(' '),
    renderToolUseProgressMessage: (progress) => {
      const last = progress.at(-1);
      return last ? last.message : '';
    },
  });
}

/** The Location tool with real providers, keys from `process.env`. */
export const locationTool = createLocationTool();
