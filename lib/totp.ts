/**
 * Two-step sign-in formats (issue 26), shared by the server's validation and the screens: a code is
 * six digits (spaces ignored, as apps show `123 456`); a recovery code is eight characters of
 * `RECOVERY_ALPHABET`, shown as `ABCD-EFGH` (case, spaces and the dash ignored); a secret is the
 * base32 text of 20 random bytes.
 */
export const TOTP_DIGITS = 6;
export const TOTP_PERIOD_SECONDS = 30;
export const RECOVERY_CODE_COUNT = 10;
/** Letters and digits a person cannot misread (no 0/O, 1/I/L). */
export const RECOVERY_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

export const TOTP_CODE_MESSAGE = '验证码应为 6 位数字';
export const RECOVERY_CODE_MESSAGE = '恢复码应为 8 位字母或数字（如 ABCD-EFGH）';
export const TOTP_SECRET_MESSAGE = '密钥格式不正确（应为 32 位 Base32 字符）';

export const normalizeTotpCode = (v: string) => v.replace(/[\s-]/g, '');
export const normalizeRecoveryCode = (v: string) => v.replace(/[\s-]/g, '').toUpperCase();

export const isTotpCode = (v: string) => TOTP_CODE_PATTERN.test(normalizeTotpCode(v));

export const TOTP_CODE_PATTERN = /^\d{6}$/;
export const RECOVERY_CODE_PATTERN = new RegExp(`^[${RECOVERY_ALPHABET}]{8}$`);
export const TOTP_SECRET_PATTERN = /^[A-Z2-7]{32}$/;

/** `ABCDEFGH` → `ABCD-EFGH`, as recovery codes are shown. */
export const formatRecoveryCode = (v: string) => `${v.slice(0, 4)}-${v.slice(4)}`;
