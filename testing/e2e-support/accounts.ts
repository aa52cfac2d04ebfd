// Accounts for the end-to-end tests: unique users made through the gateway's API (the e2e stack is
// fresh, without the demo accounts), the e-mailed codes read from the provider sandbox's inbox, and the
// few screen steps several tests share (sign in, open the user menu).
import { randomBytes } from 'node:crypto';
import { type EmailEntry, SandboxClient } from '@multimfa/provider-sandbox';
import { type APIRequestContext, type Page, request } from 'playwright-core';
import { webUrl } from './browser.ts';

export const sandboxUrl = process.env.MMFA_E2E_SANDBOX_URL ?? 'http://127.0.0.1:25090';
export const sandbox = new SandboxClient(sandboxUrl);

export const SUBJECTS = {
  verification: 'Your MultiMFA verification code',
  reset: 'Your MultiMFA password reset code',
  accountExists: 'Someone tried to sign up to MultiMFA with your address',
} as const;

export interface TestUser {
  emailAddress: string;
  password: string;
  firstName: string;
  lastName: string;
  mobileNo: string;
}

export const fullNameOf = (user: Pick<TestUser, 'firstName' | 'lastName'>) =>
  `${user.firstName} ${user.lastName}`;

/** A short random tag, so that every test (and every run against the same stack) has its own users. */
export const uniqueTag = () => `${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;

/** A fresh user's details (nothing is created). Names are letters only, as people type them. */
export function newUser(label: string): TestUser {
  const tag = uniqueTag();
  const letters = tag.replace(/[^a-z]/g, '').slice(0, 4) || 'x';
  return {
    emailAddress: `e2e-${label}-${tag}@example.com`,
    password: `Pw-${tag}-first`,
    firstName: 'Ada',
    lastName: `Tester${letters.charAt(0).toUpperCase()}${letters.slice(1)}`,
    mobileNo: `+1212555${String(Math.floor(Math.random() * 10_000)).padStart(4, '0')}`,
  };
}

/** The 6-digit code of a code e-mail: alone on its line in the text part. */
export function codeIn(email: Pick<EmailEntry, 'text' | 'subject'>): string {
  const code = /^\s*(\d{6})\s*$/m.exec(email.text ?? '')?.[1];
  if (!code) throw new Error(`no 6-digit code in the e-mail "${email.subject}":\n${email.text}`);
  return code;
}

/** Waits for the next e-mail with this subject to `address` after `cursor` and returns its code. */
export async function codeFromInbox(address: string, subject: string, cursor: number): Promise<string> {
  const email = await sandbox.waitForEmail(address, {
    after: cursor,
    timeoutMs: 15_000,
    match: (entry) => entry.subject === subject,
  });
  return codeIn(email);
}

// ---- the gateway's API, as a browser would call it ---------------------------------------------

/** A cookie jar of its own (not the pages'): the double-submit XSRF header and the envelope. */
export class ApiClient {
  private readonly http: APIRequestContext;

  private constructor(http: APIRequestContext) {
    this.http = http;
  }

  static async open(): Promise<ApiClient> {
    const http = await request.newContext({ baseURL: webUrl });
    await http.get('/api/auth/xsrf');
    return new ApiClient(http);
  }

  async post(path: string, body?: unknown): Promise<{ status: number; message: string; data: unknown }> {
    const cookies = (await this.http.storageState()).cookies;
    const xsrf = cookies.find((cookie) => cookie.name === 'XSRF-TOKEN')?.value ?? '';
    const response = await this.http.post(path, {
      headers: { 'X-XSRF-TOKEN': decodeURIComponent(xsrf) },
      ...(body === undefined ? {} : { data: body }),
    });
    const envelope = (await response.json().catch(() => ({}))) as {
      isError?: boolean;
      message?: string;
      data?: unknown;
    };
    if (!response.ok() || envelope.isError !== false) {
      throw new Error(`POST ${path} answered ${response.status()}: ${envelope.message ?? '(no envelope)'}`);
    }
    return { status: response.status(), message: envelope.message ?? '', data: envelope.data };
  }

  async status(path: string): Promise<number> {
    return (await this.http.get(path)).status();
  }

  /** The status of a POST, whatever it is (for refusals the test expects). */
  async postStatus(path: string, body: unknown): Promise<number> {
    const cookies = (await this.http.storageState()).cookies;
    const xsrf = cookies.find((cookie) => cookie.name === 'XSRF-TOKEN')?.value ?? '';
    const response = await this.http.post(path, {
      headers: { 'X-XSRF-TOKEN': decodeURIComponent(xsrf) },
      data: body,
    });
    return response.status();
  }

  /** The status of a DELETE, whatever it is (for refusals the test expects). */
  async deleteStatus(path: string): Promise<number> {
    const cookies = (await this.http.storageState()).cookies;
    const xsrf = cookies.find((cookie) => cookie.name === 'XSRF-TOKEN')?.value ?? '';
    const response = await this.http.delete(path, { headers: { 'X-XSRF-TOKEN': decodeURIComponent(xsrf) } });
    return response.status();
  }

  /** The `data` of a successful GET. */
  async get(path: string): Promise<unknown> {
    const response = await this.http.get(path);
    const envelope = (await response.json().catch(() => ({}))) as { isError?: boolean; data?: unknown };
    if (!response.ok() || envelope.isError !== false) {
      throw new Error(`GET ${path} answered ${response.status()}`);
    }
    return envelope.data;
  }

  dispose(): Promise<void> {
    return this.http.dispose();
  }
}

/**
 * Creates a customer through POST /api/auth/signup and, unless `verified` is false, verifies the
 * address with the code sign-up e-mails. Signs out of its own API session afterwards.
 */
/** Signs a new customer up through the API (`user`: details chosen beforehand, e.g. a waitlist address). */
export async function createUser(
  label: string,
  options: { verified?: boolean; user?: TestUser } = {},
): Promise<TestUser> {
  const user = options.user ?? newUser(label);
  const api = await ApiClient.open();
  try {
    const cursor = await sandbox.cursor();
    await api.post('/api/auth/signup', {
      emailAddress: user.emailAddress,
      password: user.password,
      firstName: user.firstName,
      lastName: user.lastName,
      mobileNo: user.mobileNo,
      userType: 'CUSTOMER',
      provider: 'NONE',
      serviceAgreementAgreed: true,
      receiveMarketingEmails: false,
    });
    if (options.verified !== false) {
      // Sign-up e-mails the first code itself (asking for another would replace it).
      const token = await codeFromInbox(user.emailAddress, SUBJECTS.verification, cursor);
      await api.post('/api/auth/verifyemailtoken', { emailAddress: user.emailAddress, token });
    }
    await api.post('/api/auth/logout');
  } finally {
    await api.dispose();
  }
  return user;
}

/** Signs `user` in through the gateway's API in a jar of its own, e.g. to act as a second device. */
export async function signedInApi(user: Pick<TestUser, 'emailAddress' | 'password'>): Promise<ApiClient> {
  const api = await ApiClient.open();
  await api.post('/api/auth/login', { emailAddress: user.emailAddress, password: user.password });
  return api;
}

// ---- screen steps ------------------------------------------------------------------------------

export const pathOf = (page: Page) => new URL(page.url()).pathname;

/** Waits until the browser shows `path` (query and hash aside). */
export function waitForPath(page: Page, path: string, timeout = 15_000): Promise<void> {
  return page.waitForURL((url) => url.pathname === path, { timeout });
}

/**
 * Fills the sign-in form on the current page and presses Login (at / the landing page's contact form and
 * newsletter box have Email fields of their own).
 */
export async function submitSignIn(page: Page, emailAddress: string, password: string): Promise<void> {
  const form = page.getByRole('form', { name: 'Sign in' });
  await form.getByLabel('Email', { exact: true }).fill(emailAddress);
  await form.getByLabel('Password', { exact: true }).fill(password);
  await form.getByRole('button', { name: 'Login', exact: true }).click();
}

/** Waits until the document's title is `title` (it follows the route a moment after the URL). */
export async function waitForTitle(page: Page, title: string): Promise<void> {
  await page.waitForFunction((expected) => document.title === expected, title, { timeout: 5_000 });
}

/** Signs in on /login and waits for the landing page of a verified customer. */
export async function signInThroughUi(page: Page, user: Pick<TestUser, 'emailAddress' | 'password'>) {
  await page.goto('/login');
  await submitSignIn(page, user.emailAddress, user.password);
  await waitForPath(page, '/dashboard');
}

/** The navigation bar's menu button carrying (and named by) the signed-in user's full name. */
export const userMenuButton = (page: Page, fullName: string) =>
  page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: fullName, exact: true });

/** Opens the navigation bar's user menu and chooses `item` ("Profile", "Sign Out", ...). */
export async function chooseFromUserMenu(page: Page, fullName: string, item: string): Promise<void> {
  await userMenuButton(page, fullName).click();
  await page.getByRole('menuitem', { name: item, exact: true }).click();
}

/** The server's message under a form (not a toast). */
export const formServerError = (page: Page) => page.getByTestId('form-server-error');
