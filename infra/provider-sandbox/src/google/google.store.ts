import { randomToken } from '../shared/ids.js';
import type { GoogleIdentity } from './google-identity.js';

/** An authorization request waiting on the sign-in page. */
export interface AuthorizationRequest {
  clientId: string;
  redirectUri: string;
  scopes: string[];
  state?: string;
  nonce?: string;
  codeChallenge?: string;
  codeChallengeMethod?: 'S256' | 'plain';
  accessType?: string;
  loginHint?: string;
  expiresAt: number;
}

export interface IssuedCode {
  request: AuthorizationRequest;
  identity: GoogleIdentity;
  expiresAt: number;
}

export interface IssuedToken {
  clientId: string;
  identity: GoogleIdentity;
  scopes: string[];
  expiresAt: number;
}

const REQUEST_TTL_MS = 30 * 60_000;
const CODE_TTL_MS = 5 * 60_000;
export const ACCESS_TOKEN_TTL_S = 3599;

/** One-time sign-in requests and codes, and issued tokens; everything expires. */
export class GoogleStore {
  private readonly requests = new Map<string, AuthorizationRequest>();
  private readonly codes = new Map<string, IssuedCode>();
  private readonly accessTokens = new Map<string, IssuedToken>();
  private readonly refreshTokens = new Map<string, Omit<IssuedToken, 'expiresAt'>>();

  saveRequest(request: Omit<AuthorizationRequest, 'expiresAt'>): string {
    this.sweep();
    const id = randomToken();
    this.requests.set(id, { ...request, expiresAt: Date.now() + REQUEST_TTL_MS });
    return id;
  }

  /** The pending request, removed: a sign-in page can be answered once. */
  takeRequest(id: string): AuthorizationRequest | undefined {
    const request = this.requests.get(id);
    this.requests.delete(id);
    return request && request.expiresAt > Date.now() ? request : undefined;
  }

  issueCode(request: AuthorizationRequest, identity: GoogleIdentity): string {
    const code = `4/0${randomToken(32)}`;
    this.codes.set(code, { request, identity, expiresAt: Date.now() + CODE_TTL_MS });
    return code;
  }

  /** Codes are single use: the first exchange consumes it, valid or not. */
  takeCode(code: string): IssuedCode | undefined {
    const issued = this.codes.get(code);
    this.codes.delete(code);
    return issued && issued.expiresAt > Date.now() ? issued : undefined;
  }

  issueAccessToken(grant: Omit<IssuedToken, 'expiresAt'>): string {
    const token = `ya29.${randomToken(48)}`;
    this.accessTokens.set(token, { ...grant, expiresAt: Date.now() + ACCESS_TOKEN_TTL_S * 1000 });
    return token;
  }

  issueRefreshToken(grant: Omit<IssuedToken, 'expiresAt'>): string {
    const token = `1//0${randomToken(48)}`;
    this.refreshTokens.set(token, grant);
    return token;
  }

  accessToken(token: string): IssuedToken | undefined {
    const issued = this.accessTokens.get(token);
    return issued && issued.expiresAt > Date.now() ? issued : undefined;
  }

  refreshToken(token: string): Omit<IssuedToken, 'expiresAt'> | undefined {
    return this.refreshTokens.get(token);
  }

  revoke(token: string): boolean {
    return this.accessTokens.delete(token) || this.refreshTokens.delete(token);
  }

  private sweep(): void {
    const now = Date.now();
    for (const [id, request] of this.requests) if (request.expiresAt <= now) this.requests.delete(id);
    for (const [code, issued] of this.codes) if (issued.expiresAt <= now) this.codes.delete(code);
    for (const [token, issued] of this.accessTokens)
      if (issued.expiresAt <= now) this.accessTokens.delete(token);
  }
}
