import type { UiRoute } from './types.ts';

/** A route table compiled once: `:name` segments match one non-empty segment each, decoded. */
export interface RouteTable {
  /** The route for `method` and `pathname`, with its params; `method-not-allowed` when only another method matches. */
  match(method: string, pathname: string): { route: UiRoute; params: Record<string, string> } | 'method-not-allowed' | undefined;
}

export function compileRoutes(routes: readonly UiRoute[]): RouteTable {
  const compiled = routes.map((route) => ({ route, segments: route.pattern.split('/').filter((segment) => segment !== '') }));
  return {
    match(method, pathname) {
      const parts = pathname.split('/').filter((segment) => segment !== '');
      let otherMethod = false;
      for (const { route, segments } of compiled) {
        const params = matchSegments(segments, parts);
        if (!params) continue;
        if (route.method === method) return { route, params };
        otherMethod = true;
      }
      return otherMethod ? 'method-not-allowed' : undefined;
    },
  };
}

function matchSegments(segments: readonly string[], parts: readonly string[]): Record<string, string> | undefined {
  if (segments.length !== parts.length) return undefined;
  const params: Record<string, string> = {};
  for (const [index, segment] of segments.entries()) {
    const part = parts[index]!;
    if (segment.startsWith(':')) {
      const value = decodeSegment(part);
      if (value === undefined) return undefined;
      params[segment.slice(1)] = value;
    } else if (segment !== part) return undefined;
  }
  return params;
}

/** A segment decoded; undefined for a malformed escape or one that decodes to a path separator or NUL. */
function decodeSegment(part: string): string | undefined {
  try {
    const value = decodeURIComponent(part);
    return /[/\\\0]/.test(value) || value === '' ? undefined : value;
  } catch {
    return undefined;
  }
}
