/** Types of the Location tool's results. */

/** Which map service answered. */
export type MapProvider = 'amap' | 'google';

/** Amap answers in GCJ-02 (China's offset datum); Google and the IP services in WGS-84. */
export type CoordinateSystem = 'GCJ-02' | 'WGS-84';

/** A point, always latitude first in results (Amap's `lng,lat` is swapped on the way in). */
export interface LatLng {
  lat: number;
  lng: number;
}

export interface GeocodeMatch {
  address: string;
  location: LatLng;
  /** Amap `level` or Google `location_type`/types. */
  precision?: string;
  city?: string;
  /** Amap city code, used for transit routing. */
  cityCode?: string;
  placeId?: string;
}

export interface Place {
  name: string;
  address?: string;
  location: LatLng;
  /** Meters from the search center. */
  distanceMeters?: number;
  rating?: number;
  ratingCount?: number;
  phone?: string;
  category?: string;
  id?: string;
}

export interface RouteStep {
  instruction: string;
  distanceMeters?: number;
  durationSeconds?: number;
}

export interface RouteLeg {
  from: string;
  to: string;
  distanceMeters: number;
  durationSeconds: number;
  steps: RouteStep[];
}

export type TravelMode = 'driving' | 'walking' | 'transit' | 'bicycling';

interface Base {
  provider: MapProvider;
  coordinateSystem: CoordinateSystem;
}

export interface GeocodeOutput extends Base {
  action: 'geocode';
  query: string;
  matches: GeocodeMatch[];
}

export interface SearchPlacesOutput extends Base {
  action: 'search_places';
  query?: string;
  /** Where the search was centred, as resolved. */
  center: { label: string; location: LatLng };
  /** 'nearby' = radius around a point; 'area' = inside a city/district. */
  searchKind: 'nearby' | 'area';
  radiusMeters?: number;
  places: Place[];
  /** The provider's total count when it reports one (Amap v3). */
  totalReported?: number;
  pages: number;
  /** More matched than the provider lets a query page out (Amap 200, Google 60). */
  truncated: boolean;
}

export interface RouteOutput extends Base {
  action: 'get_directions' | 'plan_trip';
  mode: TravelMode;
  stops: string[];
  legs: RouteLeg[];
  distanceMeters: number;
  durationSeconds: number;
  /** Extra facts: taxi cost, tolls, summary road, fares, warnings. */
  notes: string[];
}

export interface LocateAttempt {
  source: string;
  ok: boolean;
  error?: string;
}

export interface LocateOutput {
  action: 'locate';
  provider: string;
  coordinateSystem: CoordinateSystem;
  location: LatLng;
  accuracyMeters?: number;
  city?: string;
  region?: string;
  country?: string;
  /** Wi-Fi positioning when it worked, else the IP service that answered. */
  method: 'wifi' | 'ip';
  attempts: LocateAttempt[];
}

export type LocationOutput = GeocodeOutput | SearchPlacesOutput | RouteOutput | LocateOutput;

/** A scanned Wi-Fi access point for Wi-Fi positioning. */
export interface WifiAccessPoint {
  macAddress: string;
  signalStrength?: number;
  ssid?: string;
}
