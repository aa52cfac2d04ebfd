import 'express-session';

export type UserRole = 'ADMIN' | 'CUSTOMER';

export interface SessionUser {
  userId: string;
  role: UserRole;
}

declare module 'express-session' {
  interface SessionData {
    user?: SessionUser;
  }
}
