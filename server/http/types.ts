import type { Db } from '../db/types';
import type { SearchSync } from '../ports';

/** The signed-in user as the server sees them on this request (loaded fresh from the database). */
export interface SessionUser {
  id: number;
  username: string;
  name: string;
  avatar: string;
  departmentId: number | null;
  roleId: number | null;
  isSuper: boolean;
  /** Data scope: 1 all, 2 own department, 3 own records. */
  level: 1 | 2 | 3;
  /** Route paths the user holds (every permission route for a super-administrator). */
  routes: ReadonlySet<string>;
  sessionId: number;
  /** Two-step sign-in is on for this account (issue 26). */
  totpEnabled: boolean;
  /** The role requires two-step sign-in and the account has not enrolled: only enrolment and logout answer. */
  totpSetup: boolean;
}

/**
 * How long sessions last (issue 26): ended after `idleMinutes` without a request, and `maxDays`
 * after sign-in whatever their use (SESSION_IDLE_MINUTES, SESSION_MAX_DAYS).
 */
export interface SessionPolicy {
  idleMinutes: number;
  maxDays: number;
}

export type AppEnv = {
  Variables: {
    db: Db;
    user: SessionUser | null;
    /** The client's address ('' when unknown), see server/http/peer.ts. */
    ip: string;
    /** Whether the client reached us over https (directly or through a trusted proxy). */
    https: boolean;
    /** The origin the browser used (`https` and `requestHost`), for links back to us such as OAuth callbacks. */
    origin: string;
    userAgent: string;
    sleep: (ms: number) => Promise<void>;
    /** The clock of sessions and sign-in codes (tests pass their own: idle timeouts without sleeping). */
    now: () => Date;
    /** Idle and absolute session lifetimes (SESSION_IDLE_MINUTES, SESSION_MAX_DAYS). */
    sessionPolicy: SessionPolicy;
    /** Keeps the article search engine in step after a commit (server/articles/search, DESIGN §10). */
    searchSync: SearchSync;
    /** The JSON body as sent, once a route's `jsonBody` validator has read it (server/http/input.ts). */
    rawBody?: unknown;
  };
};
