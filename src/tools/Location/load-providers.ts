import type { amapGeocode, amapRoute, amapSearchPlaces } from './amap.ts';
import type { googleGeocode, googleRoute, googleSearchPlaces } from './google.ts';
import type { locate } from './locate.ts';

/** The map providers' clients and the position lookup: what a Location call runs. */
export interface LocationProviders {
  amapGeocode: typeof amapGeocode;
  amapRoute: typeof amapRoute;
  amapSearchPlaces: typeof amapSearchPlaces;
  googleGeocode: typeof googleGeocode;
  googleRoute: typeof googleRoute;
  googleSearchPlaces: typeof googleSearchPlaces;
  locate: typeof locate;
}

let loading: Promise<LocationProviders> | undefined;

/** The providers, loaded at the first Location call, once per process: a process that looks nothing up never loads them. */
export function loadProviders(): Promise<LocationProviders> {
  loading ??= Promise.all([import('./amap.ts'), import('./google.ts'), import('./locate.ts')]).then(([amap, google, position]) => ({
    amapGeocode: amap.amapGeocode,
    amapRoute: amap.amapRoute,
    amapSearchPlaces: amap.amapSearchPlaces,
    googleGeocode: google.googleGeocode,
    googleRoute: google.googleRoute,
    googleSearchPlaces: google.googleSearchPlaces,
    locate: position.locate,
  }));
  return loading;
}
