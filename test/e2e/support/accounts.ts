import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { e2eAdmin } from '../../../playwright.config';

export const PASSWORD = 'Secret-pass1!';

export interface TestUser {
  email: string;
  password: string;
  userId: number;
  /** null for a user who belongs to no company. */
  companyId: number | null;
}

function uniqueId(): string {
  return `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;
}

async function json<T>(response: Awaited<ReturnType<APIRequestContext['post']>>): Promise<T> {
  expect(response.ok(), `${response.url()}: ${response.status()} ${await response.text()}`).toBe(true);
  return (await response.json()) as T;
}

async function legacyLogin(
  request: APIRequestContext,
  identifier: string,
  password: string,
): Promise<string> {
  const { jwt } = await json<{ jwt: string }>(
    await request.post('/api/auth/local', { data: { identifier, password } }),
  );
  return jwt;
}

async function register(request: APIRequestContext) {
  const id = uniqueId();
  const email = `uploader-${id}@e2e.test`;
  const registered = await json<{ user: { id: number } }>(
    await request.post('/api/auth/local/register', {
      data: { username: `Uploader ${id}`, email, password: PASSWORD, company: 0, suggestion: '' },
    }),
  );
  return { id, email, userId: registered.user.id };
}

export async function createUserWithoutCompany(request: APIRequestContext): Promise<TestUser> {
  const { email, userId } = await register(request);
  return { email, password: PASSWORD, userId, companyId: null };
}

/**
 * A user with a company of their own, made through the legacy REST signup (register, log in, create
 * the company, join it); the admin then sets the company's euros.
 */
export async function createCompanyUser(
  request: APIRequestContext,
  { credits }: { credits: number },
): Promise<TestUser & { companyId: number }> {
  const { id, email, userId } = await register(request);
  const jwt = await legacyLogin(request, email, PASSWORD);
  const auth = { Authorization: `Bearer ${jwt}` };
  const company = await json<{ data: { id: number } }>(
    await request.post('/api/companies', {
      headers: auth,
      data: { data: { name: `Studio ${id}`, address: '1 Test Street', credits: 0, admin: [userId] } },
    }),
  );
  const companyId = company.data.id;
  await json(await request.put('/api/users/me', { headers: auth, data: { company: companyId } }));
  if (credits > 0) {
    const adminJwt = await legacyLogin(request, e2eAdmin.email, e2eAdmin.password);
    await json(
      await request.put(`/api/companies/${companyId}`, {
        headers: { Authorization: `Bearer ${adminJwt}` },
        data: { data: { credits } },
      }),
    );
  }
  return { email, password: PASSWORD, userId, companyId };
}

/** Logs the browser in with the session cookie and the values the React client keeps in storage. */
/** A user who belongs to `companyId` without being its admin: the platform admin assigns them to it. */
export async function createCompanyMember(request: APIRequestContext, companyId: number): Promise<TestUser> {
  const { email, userId } = await register(request);
  const adminJwt = await legacyLogin(request, e2eAdmin.email, e2eAdmin.password);
  await json(
    await request.put(`/api/users/${userId}`, {
      headers: { Authorization: `Bearer ${adminJwt}` },
      data: { data: { company: companyId } },
    }),
  );
  return { email, password: PASSWORD, userId, companyId };
}

export async function signIn(page: Page, user: { email: string; password: string }): Promise<void> {
  const response = await page.request.post('/trpc/auth.login', {
    data: { email: user.email, password: user.password },
  });
  expect(response.ok(), await response.text()).toBe(true);
  const me = ((await response.json()) as { result: { data: { role: string; companyId: number | null } } })
    .result.data;
  await page.goto('/about');
  await page.evaluate(({ role, companyId }) => {
    localStorage.setItem('jwt', 'cookie-session');
    localStorage.setItem('userRole', role);
    if (companyId !== null) localStorage.setItem('company', String(companyId));
  }, me);
}

export function signInAsAdmin(page: Page): Promise<void> {
  return signIn(page, e2eAdmin);
}
