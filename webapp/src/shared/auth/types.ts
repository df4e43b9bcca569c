/** The signed-in account, as GET /api/auth/user returns it. */
export interface User {
  id: string;
  email: string;
  emailVerified: boolean;
  isAdmin: boolean;
  /** Interface language saved on the server: en, de, es, fr, pt or uk. */
  locale: string;
  /** IANA time zone, for example Europe/Kyiv. */
  timeZone: string;
  createdAt: string;
  /** False for an account made through Google that never set a password. */
  hasPassword: boolean;
  googleLinked: boolean;
}

/** The answer of every way to sign in; the session itself travels as the HttpOnly cookie. */
export interface SignInResponse {
  token: string;
  expiresAt: string;
  user: User;
  /** Google sign-in only: the page that was asked for before leaving for Google. */
  returnTo?: string;
}
