import type { Schemas } from '@/shared/api';

/** The signed-in account, as GET /api/auth/user returns it. */
export type User = Schemas['AuthUser'];

/** The answer of every way to sign in; the session itself travels as the HttpOnly cookie. */
export type SignInResponse = Schemas['AuthSignIn'];
