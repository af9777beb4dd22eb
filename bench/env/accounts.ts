import { BENCH_ADMIN } from './database';

export interface BenchUser {
  id: number;
  token: string;
  companyId: number;
  /** For a browser's login (`auth.login`). */
  email: string;
  password: string;
}

type Json = Record<string, unknown>;

async function call(
  base: string,
  method: string,
  url: string,
  body?: unknown,
  token?: string,
): Promise<Json> {
  const response = await fetch(`${base}${url}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${url} answered ${response.status}: ${text.slice(0, 200)}`);
  return JSON.parse(text) as Json;
}

function field(value: unknown, ...keys: string[]): unknown {
  let current = value;
  for (const key of keys) {
    if (typeof current !== 'object' || current === null || !(key in current)) return undefined;
    current = (current as Json)[key];
  }
  return current;
}

function numberAt(value: unknown, ...keys: string[]): number {
  const found = field(value, ...keys);
  if (typeof found !== 'number') throw new Error(`expected a number at ${keys.join('.')}`);
  return found;
}

function stringAt(value: unknown, ...keys: string[]): string {
  const found = field(value, ...keys);
  if (typeof found !== 'string') throw new Error(`expected a string at ${keys.join('.')}`);
  return found;
}

async function login(base: string, identifier: string, password: string): Promise<string> {
  return stringAt(await call(base, 'POST', '/api/auth/local', { identifier, password }), 'jwt');
}

/**
 * A user with their own company and credits, made the way the legacy client does it
 * (register, log in, create the company), credited by the admin.
 */
export async function payingUser(base: string, name: string, euros = 100_000): Promise<BenchUser> {
  const email = `${name}@bench.local`;
  const password = 'Bench-pass-1!';
  const registered = await call(base, 'POST', '/api/auth/local/register', {
    username: name,
    email,
    password,
    company: 0,
    suggestion: '',
  });
  const id = numberAt(registered, 'user', 'id');
  const token = await login(base, email, password);
  const company = await call(
    base,
    'POST',
    '/api/companies',
    { data: { name: `${name} company`, address: 'Street 1\nTown', credits: 0, admin: [id] } },
    token,
  );
  const companyId = numberAt(company, 'data', 'id');
  await call(base, 'PUT', '/api/users/me', { company: companyId }, token);
  const admin = await login(base, BENCH_ADMIN.email, BENCH_ADMIN.password);
  await call(base, 'PUT', `/api/companies/${companyId}`, { data: { credits: euros } }, admin);
  return { id, token, companyId, email, password };
}

/** The bench instance's admin, logged in (the admin dashboard is for admins only). */
export function adminToken(base: string): Promise<string> {
  return login(base, BENCH_ADMIN.email, BENCH_ADMIN.password);
}
