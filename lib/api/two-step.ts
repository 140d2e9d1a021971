import { z } from 'zod';

/**
 * What the two-step sign-in and 登录设备 routes answer (issue 26; server/routes/profile.ts,
 * `answers`): the screens' types are their `z.output` (types only; zod stays on the server at run time).
 */

/** `POST /api/profile/totp/setup`: a new secret, its otpauth URL and the QR code of it (an SVG data URL). */
export const totpSetupAnswer = z.object({ secret: z.string(), otpauthUrl: z.string(), qrCode: z.string() });

/** `POST /api/profile/totp/enable`: the recovery codes, shown this once (`ABCD-EFGH`). */
export const totpEnabledAnswer = z.object({ recoveryCodes: z.array(z.string()) });

/** One device one is signed in on (`current`: this browser, listed first). */
export const sessionRecord = z.object({
  id: z.number().int(),
  current: z.boolean(),
  userAgent: z.string(),
  ip: z.string(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
});

/** `GET /api/profile/sessions`. */
export const sessionList = z.object({ list: z.array(sessionRecord) });

/** `POST /api/profile/sessions/sign_out_others`: how many sessions ended. */
export const sessionsEnded = z.object({ ended: z.number().int() });

/** What the browser keeps of a signed-in person (the sign-in's answer), with the pages they may open. */
export const signedInAnswer = z.object({
  id: z.number().int(),
  username: z.string(),
  name: z.string(),
  avatar: z.string(),
  departmentId: z.number().int().nullable(),
  roleId: z.number().int().nullable(),
  isSuper: z.boolean(),
  level: z.number().int(),
  totpEnabled: z.boolean(),
  totpSetup: z.boolean(),
  auth: z.record(z.string(), z.object({ name: z.string(), home: z.string().optional(), icon: z.string().optional(), ignore: z.boolean().optional() })),
  /** A super-administrator's first sign-in without two-step sign-in: asked to enrol. */
  suggestTotp: z.boolean().optional(),
});

/** `POST /api/login/totp`: signed in; after a recovery code, how many are left. */
export const totpSignedInAnswer = signedInAnswer.extend({ recoveryCodesLeft: z.number().int().optional() });

/** `GET /api/login_info`: the signed-in person (the pages they may open come beside `data`, as `auth`). */
export const sessionUserAnswer = signedInAnswer.omit({ auth: true, suggestTotp: true });

/** `POST /api/login`: signed in, or the step that comes next (a code; enrolling two-step sign-in first). */
export const loginAnswer = z.union([z.object({ next: z.enum(['totp', 'totp_setup']) }), signedInAnswer]);

/** `GET /api/auth`: every page of the menu, in its order (the role screen's catalogue). */
export const routeCatalogue = z.array(
  z.object({ path: z.string(), name: z.string(), home: z.string().nullable(), icon: z.string().nullable(), ignore: z.boolean() }),
);

/** `GET /api/dingtalk/status`: whether DingTalk sign-in is set up, one's binding, and a DingTalk identity waiting to be bound. */
export const dingtalkStatusAnswer = z.object({
  configured: z.boolean(),
  bound: z.boolean(),
  nick: z.string().nullable(),
  pending: z.object({ nick: z.string() }).nullable(),
});
/** `POST /api/dingtalk/bind_start`: the DingTalk authorisation page to go to. */
export const dingtalkStartAnswer = z.object({ url: z.string() });
/** `POST /api/dingtalk/bind_pending`, `DELETE /api/dingtalk/binding`: whether one is bound now. */
export const dingtalkBoundAnswer = z.object({ bound: z.boolean() });
