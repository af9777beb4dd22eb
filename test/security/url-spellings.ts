/**
 * The URL spellings table: every way of writing a request that names the intruder's own id while
 * smuggling in the victim's, for every route of the isolation matrix that takes an id. A server that
 * reads an id from anywhere but its own parameter (the end of the raw URL, a repeated query value,
 * a path a proxy would normalise) answers the victim's data to one of these.
 */

export interface Spelling {
  /** The route of the app the spelling attacks ("METHOD /url" or a tRPC path) and how it is spelled. */
  route: string;
  spelling: string;
  method: string;
  url: string;
  body?: string;
}

/** A victim's id (as the matrix writes it in a URL or an input) and the intruder's own of the same kind. */
export type OwnOf = Map<string, string>;

const TUS_PATH = '/api/videos/uploads/tus/';

/** Spellings of a URL whose path segment `index` holds the victim's id, the intruder's own id written in its place. */
function pathSpellings(url: string, index: number, own: string, victim: string) {
  const [pathname = '', query] = url.split('?');
  const segments = pathname.split('/');
  const before = segments.slice(0, index).join('/');
  const after = segments.slice(index + 1).join('/');
  const at = (value: string) => `${before}/${value}${after ? `/${after}` : ''}`;
  const tail = query ? `?${query}&` : '?';
  const keep = query ? `?${query}` : '';
  return {
    'query string ending in /victim': `${at(own)}${tail}x=/${victim}`,
    'query string ending in /victim/': `${at(own)}${tail}x=/${victim}/`,
    'encoded query string ending in /victim': `${at(own)}${tail}x=%2F${victim}`,
    'semicolon then /victim': `${at(own)};/${victim}${keep}`,
    'encoded slash own%2Fvictim': `${at(`${own}%2F${victim}`)}${keep}`,
    'encoded own%2F..%2Fvictim': `${at(`${own}%2F..%2F${victim}`)}${keep}`,
    'dot segments own/../victim': `${at(`${own}/../${victim}`)}${keep}`,
    'encoded dot segments own/%2E%2E/victim': `${at(`${own}/%2E%2E/${victim}`)}${keep}`,
    'dot segments victim/../own': `${at(`${victim}/../${own}`)}${keep}`,
    'trailing slash victim/': `${at(victim)}/${keep}`,
    'double slash //victim': `${at(`/${victim}`)}${keep}`,
    'own//victim': `${at(`${own}//${victim}`)}${keep}`,
    'leading double slash': `/${at(victim)}${keep}`,
  };
}

/** Spellings of a URL whose query parameter `name` holds the victim's id. */
function querySpellings(url: string, name: string, own: string, victim: string) {
  const [pathname = '', query = ''] = url.split('?');
  const others = new URLSearchParams(query);
  others.delete(name);
  const rest = others.toString() ? `&${others.toString()}` : '';
  const key = encodeURIComponent(name).replace(/%5B/g, '[').replace(/%5D/g, ']');
  return {
    'own then victim repeated': `${pathname}?${key}=${own}&${key}=${victim}${rest}`,
    'victim then own repeated': `${pathname}?${key}=${victim}&${key}=${own}${rest}`,
    'as a list own, victim': `${pathname}?${key}[]=${own}&${key}[]=${victim}${rest}`,
    'own with ?x=/victim': `${pathname}?${key}=${own}${rest}&x=/${victim}`,
    'own%2Fvictim': `${pathname}?${key}=${own}%2F${victim}${rest}`,
    'trailing slash': `${pathname}/?${key}=${victim}${rest}`,
    'double slash': `/${pathname}?${key}=${victim}${rest}`,
    'dot segments': `${pathname}/../${pathname.split('/').pop()}?${key}=${victim}${rest}`,
  };
}

/** Where in a URL the matrix wrote a victim's id: a path segment or a query parameter. */
function victimPlace(url: string, ownOf: OwnOf) {
  const [pathname = '', query = ''] = url.split('?');
  const segments = pathname.split('/');
  const index = segments.findIndex((segment) => ownOf.has(segment));
  const victim = segments[index];
  if (victim !== undefined) return { kind: 'path' as const, index, victim };
  for (const [name, value] of new URLSearchParams(query))
    if (ownOf.has(value)) return { kind: 'query' as const, name, victim: value };
  return undefined;
}

/**
 * The spellings of a REST route the matrix calls at `url`: its victim's id, or for a route taking an
 * id of its own (a signed link, a public page) the `own` URL given, with the victim's id smuggled in.
 */
export function restSpellings(route: string, url: string, ownOf: OwnOf, smuggled: string): Spelling[] {
  const method = route.split(' ')[0] ?? 'GET';
  const place = victimPlace(url, ownOf);
  let spelled: Record<string, string>;
  if (place?.kind === 'query')
    spelled = querySpellings(url, place.name, ownOf.get(place.victim) ?? '', place.victim);
  else if (place) spelled = pathSpellings(url, place.index, ownOf.get(place.victim) ?? '', place.victim);
  else {
    // No victim's id in the matrix's call: the route's own parameter (the last) keeps its value.
    const segments = (url.split('?')[0] ?? '').split('/');
    const index = segments.length - 1;
    spelled = pathSpellings(url, index, segments[index] ?? '', smuggled);
  }
  return Object.entries(spelled).map(([spelling, spelledUrl]) => ({
    route,
    spelling,
    method,
    url: spelledUrl,
    ...(url.startsWith(TUS_PATH) && method === 'PATCH' ? { body: 'smuggled bytes' } : {}),
  }));
}

/** The headers a spelling is sent with: tus's own for the resumable upload paths. */
export function spellingHeaders(spelling: Spelling): Record<string, string> {
  if (!spelling.url.includes(TUS_PATH.slice(0, -1))) return {};
  return {
    'tus-resumable': '1.0.0',
    ...(spelling.method === 'PATCH'
      ? { 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' }
      : {}),
  };
}

/** The input with every victim's id in it replaced by the intruder's own of the same kind. */
function ownInput(input: unknown, ownOf: OwnOf): unknown {
  if (Array.isArray(input)) return input.map((item) => ownInput(item, ownOf));
  if (input !== null && typeof input === 'object')
    return Object.fromEntries(Object.entries(input).map(([key, value]) => [key, ownInput(value, ownOf)]));
  const own = ownOf.get(String(input));
  if (own === undefined) return input;
  return typeof input === 'number' ? Number(own) : own;
}

/** Whether an input names a victim's id anywhere. */
export function holdsVictimId(input: unknown, ownOf: OwnOf): boolean {
  if (Array.isArray(input)) return input.some((item) => holdsVictimId(item, ownOf));
  if (input !== null && typeof input === 'object')
    return Object.values(input).some((value) => holdsVictimId(value, ownOf));
  return (typeof input === 'number' || typeof input === 'string') && ownOf.has(String(input));
}

/**
 * The spellings of a tRPC procedure whose matrix input names a victim's id: batches mixing the
 * intruder's own input and the victim's (both orders), and the victim's input at other paths.
 */
export function procedureSpellings(path: string, type: string, input: unknown, ownOf: OwnOf): Spelling[] {
  const own = ownInput(input, ownOf);
  const victim = findVictim(input, ownOf);
  const shapes: [string, string, unknown, string?][] = [
    ['batch own, victim', `/trpc/${path},${path}`, { 0: own, 1: input }, 'batch=1'],
    ['batch victim, own', `/trpc/${path},${path}`, { 0: input, 1: own }, 'batch=1'],
    ['own input, query string ending in /victim', `/trpc/${path}`, own, `x=/${victim}`],
    ['trailing slash', `/trpc/${path}/`, input],
    ['double slash', `/trpc//${path}`, input],
    ['dot segments', `/trpc/health.check/../${path}`, input],
    ['encoded slash', `/trpc/${path}%2F`, input],
  ];
  return shapes.map(([spelling, at, body, extra]) => {
    const query = [extra, type === 'mutation' ? '' : `input=${encodeURIComponent(JSON.stringify(body))}`]
      .filter(Boolean)
      .join('&');
    return {
      route: path,
      spelling,
      method: type === 'mutation' ? 'POST' : 'GET',
      url: query ? `${at}?${query}` : at,
      ...(type === 'mutation' ? { body: JSON.stringify(body ?? {}) } : {}),
    };
  });
}

function findVictim(input: unknown, ownOf: OwnOf): string {
  if (input !== null && typeof input === 'object')
    for (const value of Object.values(input)) {
      const found = findVictim(value, ownOf);
      if (found) return found;
    }
  return ownOf.has(String(input)) ? String(input) : '';
}

/** The answer's text with what the request itself said removed: echoing the caller's own words is no leak. */
export function withoutEcho(answer: string, spelling: Spelling): string {
  const path = spelling.url.split('?')[0] ?? '';
  // A server may echo the path as it resolved it: dot segments applied, encoded dots decoded.
  const resolved = new URL(path.replace(/%2E/gi, '.'), 'http://host').pathname;
  const echoes = [spelling.url, safeDecode(spelling.url), path, safeDecode(path), resolved]
    .concat(spelling.body ?? [])
    .filter((echo) => echo.length > 0)
    .sort((a, b) => b.length - a.length);
  return echoes.reduce((text, echo) => text.split(echo).join(''), answer);
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
