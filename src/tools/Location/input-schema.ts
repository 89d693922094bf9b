import { z } from 'zod';
import { DEFAULT_RADIUS_METERS, MAX_RADIUS_METERS } from './limits.ts';

export const LOCATION_ACTIONS = ['locate', 'geocode', 'search_places', 'get_directions', 'plan_trip'] as const;
export const TRAVEL_MODES = ['driving', 'walking', 'transit', 'bicycling'] as const;

export const locationInputSchema = z.strictObject({
  action: z.enum(LOCATION_ACTIONS).describe('What to do: locate, geocode, search_places, get_directions or plan_trip'),
  location: z
    .string()
    .min(1)
    .optional()
    .describe('An address, place name or "lat,lng". Required for every action except locate; the origin for routes.'),
  destination: z.string().min(1).optional().describe('The route end (get_directions, plan_trip)'),
  query: z.string().min(1).optional().describe('What to search for (search_places), e.g. "coffee" or "火锅"'),
  radius: z.number().int().min(1).max(MAX_RADIUS_METERS).default(DEFAULT_RADIUS_METERS).describe(`Search radius in meters (default ${DEFAULT_RADIUS_METERS})`),
  mode: z.enum(TRAVEL_MODES).default('driving').describe('Travel mode for routes'),
  waypoints: z.array(z.string().min(1)).optional().describe('Stops between location and destination, in order (plan_trip; also get_directions)'),
  type: z.string().min(1).optional().describe('Place type filter: Amap POI type code/name, or a Google place type'),
  region: z.string().min(1).optional().describe('Force the provider: "cn" → Amap; a country code such as "us" → Google'),
  language: z.string().min(1).optional().describe('Result language for Google, e.g. "en", "zh-CN"'),
});

export type LocationInput = z.output<typeof locationInputSchema>;
