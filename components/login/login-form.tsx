'use client';

import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useRouter } from 'next/navigation';
import type { IconDefinition } from '@ant-design/icons-svg/es/types';
import CloseCircleFilled from '@ant-design/icons-svg/es/asn/CloseCircleFilled';
import EyeInvisibleOutlined from '@ant-design/icons-svg/es/asn/EyeInvisibleOutlined';
import EyeOutlined from '@ant-design/icons-svg/es/asn/EyeOutlined';
import InfoCircleFilled from '@ant-design/icons-svg/es/asn/InfoCircleFilled';
import LoadingOutlined from '@ant-design/icons-svg/es/asn/LoadingOutlined';
import LockOutlined from '@ant-design/icons-svg/es/asn/LockOutlined';
import UserOutlined from '@ant-design/icons-svg/es/asn/UserOutlined';
import { APP_TITLE } from '@/lib/constants';
import Cookies from 'js-cookie';
import { reloadOnChunkError } from '@/components/common/chunk-reload';
import { safeReturnPath, SESSION_END_COOKIE, SESSION_END_TEXT, sessionEndReason } from '@/lib/guard';
import type { AuthMap } from '@/lib/routes';
import { useUserStore, type UserInfo } from '@/stores/user';
import { isTotpCode, TOTP_CODE_MESSAGE } from '@/lib/totp';

interface LoginReply extends UserInfo {
  auth: AuthMap;
  /** A super-administrator's first sign-in without two-step sign-in: ask them to enrol (issue 26). */
  suggestTotp?: boolean;
}

/** The password was right and a second step follows (issue 26): the code, or the enrolment a role requires. */
type NextStep = { next: 'totp' | 'totp_setup' };

/**
 * The sign-in screen carries none of antd's JavaScript (issue 17: ≤ 150 KiB, the login page must
 * not load the signed-in shell): the same elements antd's Card, Form, Input, Input.Password, Alert
 * and Button render, with antd's class names, styled by the static antd.css and the theme's CSS
 * variables (login.css: what antd's ConfigProvider writes at run time for these components). The
 * toast on a failed sign-in loads antd's `message` on demand (./login-toast.tsx).
 */
const THEME = 'css-var-login';

/** The wording of lib/http's login() (tests/unit/http.test.ts), without importing axios and antd. */
const BAD_CREDENTIALS = 'Bad credentials';
const NETWORK_FAILURE_TEXT = 'request failed!';
/** lib/validation's `rules.length('用户名', { max: 64 })` message (async-validator's template). */
export const USERNAME_MAX = 64;
export const USERNAME_TOO_LONG = `用户名 cannot be longer than ${USERNAME_MAX} characters`;

type IconNode = { tag: string; attrs: Record<string, string>; children?: IconNode[] };

/** An @ant-design/icons icon as antd renders it (`<span role="img" class="anticon …"><svg …/></span>`). */
function Icon({ def, hidden = true, spin = false }: { def: IconDefinition; hidden?: boolean; spin?: boolean }) {
  const icon = def.icon as IconNode;
  // `fill-rule` and the like as React spells them.
  const props = (attrs: Record<string, string>) =>
    Object.fromEntries(Object.entries(attrs).map(([k, v]) => [k.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase()), v]));
  const draw = (node: IconNode, key: number): ReactNode => {
    const Tag = node.tag as 'path';
    return (
      <Tag key={key} {...props(node.attrs)}>
        {node.children?.map(draw)}
      </Tag>
    );
  };
  return (
    <span role="img" aria-label={def.name} aria-hidden={hidden ? 'true' : undefined} className={`anticon anticon-${def.name}${spin ? ' anticon-spin' : ''}`}>
      <svg {...props(icon.attrs)} data-icon={def.name} width="1em" height="1em" fill="currentColor" aria-hidden="true">
        {icon.children?.map(draw)}
      </svg>
    </span>
  );
}

/** antd's Alert (outlined, with its icon). */
function Alert({ type, title, testId }: { type: 'info' | 'error'; title: string; testId: string }) {
  return (
    <div data-show="true" className={`ant-alert ant-alert-${type} ant-alert-outlined ${THEME}`} style={{ marginBottom: 16 }} role="alert" data-testid={testId}>
      <span className="ant-alert-icon">
        <Icon def={type === 'info' ? InfoCircleFilled : CloseCircleFilled} />
      </span>
      <div className="ant-alert-section">
        <div className="ant-alert-title">{title}</div>
      </div>
    </div>
  );
}

/** antd's Card with the product's logo, a title and a line under it: both steps of the sign-in. */
function LoginCard({ title, subtitle, testId, children }: { title: string; subtitle: string; testId?: string; children: ReactNode }) {
  return (
    <div
      className={`ant-card ant-card-bordered ${THEME}`}
      style={{ width: 400, maxWidth: '100%', boxShadow: '0 8px 32px rgba(0,0,0,0.25)' }}
      data-testid={testId}
    >
      <div className="ant-card-body" style={{ padding: 32 }}>
        <div style={{ textAlign: 'center', marginBottom: 24 }}>
          {/* eslint-disable-next-line @next/next/no-img-element */}
          <img src="/logo.svg" alt="" width={56} height={56} />
          <h1 className={`ant-typography ${THEME}`} style={{ margin: '12px 0 4px', fontSize: 24 }}>
            {title}
          </h1>
          <span className={`ant-typography ant-typography-secondary ${THEME}`}>{subtitle}</span>
        </div>
        {children}
      </div>
    </div>
  );
}

/** antd's large primary block Button sending the form, spinning while it is sent. */
function SubmitButton({ submitting, label }: { submitting: boolean; label: string }) {
  return (
    <button
      type="submit"
      className={`ant-btn ${THEME} ant-btn-primary ant-btn-color-primary ant-btn-variant-solid ant-btn-lg${submitting ? ' ant-btn-loading' : ''} ant-btn-block`}
    >
      {submitting && (
        <span className="ant-btn-icon ant-btn-loading-icon">
          <Icon def={LoadingOutlined} spin />
        </span>
      )}
      <span>{label}</span>
    </button>
  );
}

/** antd's vertical Form.Item around an affix input, its error below as antd shows it. */
function Field({ name, label, error, children }: { name: string; label: string; error?: string; children: ReactNode }) {
  return (
    <div className={`ant-form-item ${THEME} ant-form-css-var${error ? ' ant-form-item-with-help ant-form-item-has-error' : ''} ant-form-item-vertical`}>
      <div className={`ant-row ant-form-item-row ${THEME}`}>
        <div className={`ant-col ant-form-item-label ${THEME}`}>
          <label htmlFor={name} className="ant-form-item-required ant-form-item-required-mark-hidden" title={label}>
            {label}
          </label>
        </div>
        <div className={`ant-col ant-form-item-control ${THEME}`}>
          <div className="ant-form-item-control-input">
            <div className="ant-form-item-control-input-content">{children}</div>
          </div>
          {error && (
            <div className="ant-form-item-additional" style={{ minHeight: 24 }}>
              <div id={`${name}_help`} className={`ant-form-item-explain ${THEME} ant-form-css-var ant-form-item-explain-connected`}>
                <div className="ant-form-item-explain-error">{error}</div>
              </div>
            </div>
          )}
        </div>
      </div>
      {error && <div className="ant-form-item-margin-offset" style={{ marginBottom: -24 }} />}
    </div>
  );
}

const inputWrapper = (error: boolean, extra = '') =>
  `ant-input-affix-wrapper ant-input-affix-wrapper-lg ant-input-outlined${error ? ' ant-input-status-error' : ''}${extra} ${THEME} ant-input-css-var`;

type Values = { username: string; password: string };
const validate = (values: Values, only?: keyof Values): Partial<Values> => {
  const errors: Partial<Values> = {};
  if (!only || only === 'username') {
    if (!values.username) errors.username = '请输入用户名';
    else if (values.username.length > USERNAME_MAX) errors.username = USERNAME_TOO_LONG;
  }
  if ((!only || only === 'password') && !values.password) errors.password = '请输入密码';
  return errors;
};

/** Shows the failure toast with antd's `message` in the product's theme, loaded on first use. */
function toast(text: string) {
  void import('./login-toast').then((m) => m.showLoginToast(text));
}

type Reply<T> = { status?: number; message?: string; data?: T; reason?: string; errors?: Record<string, string> };

/** POSTs JSON with the session cookie; the reply's body, or `{}` when it is not JSON (a proxy's error page). Throws when the network fails. */
async function postJson<T>(url: string, body: unknown): Promise<{ response: Response; reply: Reply<T> }> {
  const response = await fetch(url, { method: 'POST', credentials: 'include', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
  try {
    return { response, reply: JSON.parse(await response.text()) as Reply<T> };
  } catch {
    return { response, reply: {} };
  }
}

/**
 * POSTs /api/login as lib/http's login() does (same toasts and errors): throws on any failure,
 * resolves to the reply's data. Plain fetch: the sign-in screen does not load axios.
 */
async function signIn(values: Values): Promise<LoginReply | NextStep> {
  const url = '/api/login';
  let sent: { response: Response; reply: Reply<LoginReply | NextStep> };
  try {
    sent = await postJson<LoginReply | NextStep>(url, values);
  } catch (err) {
    toast(NETWORK_FAILURE_TEXT);
    throw err;
  }
  // Not JSON (a proxy's error page) is a failed reply, as the axios wrapper takes it.
  const { response, reply: body } = sent;
  if (response.status === 401) {
    toast(BAD_CREDENTIALS);
    throw new Error(BAD_CREDENTIALS, { cause: body });
  }
  if (body.status !== 0) {
    const text = body.message || '请求失败';
    toast(`${text} (${url})`);
    throw new Error(text, { cause: body });
  }
  return body.data!;
}

/** A refusal of the code step; `restart`: the half-signed-in state is gone, the password is asked again. */
class CodeStepError extends Error {
  constructor(
    message: string,
    readonly restart: boolean,
  ) {
    super(message);
  }
}

/** POST /api/login/totp with a code or a recovery code (plain fetch, as `signIn`). */
async function sendCode(body: { code: string } | { recoveryCode: string }): Promise<LoginReply> {
  let reply: Reply<LoginReply>;
  try {
    ({ reply } = await postJson<LoginReply>('/api/login/totp', body));
  } catch {
    throw new CodeStepError('无法连接服务器，请检查网络后重试', false);
  }
  if (reply.status !== 0) {
    const text = Object.values(reply.errors ?? {})[0] ?? reply.message ?? '验证失败，请重试';
    throw new CodeStepError(text, reply.reason === 'challenge');
  }
  return reply.data!;
}

/** Translates the wrapper's errors for the person at the keyboard. */
function explain(err: unknown): string {
  const message = err instanceof Error ? err.message : '';
  if (message === BAD_CREDENTIALS) return '用户名或密码错误';
  if (/network|request failed|fetch/i.test(message) || !message) return '无法连接服务器，请检查网络后重试';
  return message;
}

/**
 * The sign-in form. `from` is the page the person asked for (they return to it, same-origin back-
 * office paths only); `reason` says why their session ended.
 */
/** What a DingTalk sign-in that came back to this screen means (server/routes/dingtalk.ts). */
export const DINGTALK_LOGIN_TEXT: Record<string, { type: 'info' | 'error'; text: string }> = {
  unbound: { type: 'info', text: '这个钉钉账号还没有绑定员工账号。请用用户名和密码登录一次，登录后确认绑定，以后即可用钉钉直接登录。' },
  disabled: { type: 'error', text: '钉钉账号绑定的员工账号已被停用，如有疑问请联系管理员。' },
  refused: { type: 'error', text: '钉钉没有确认你的身份（授权码无效或已过期），请重试。' },
  denied: { type: 'error', text: '钉钉登录已取消。' },
  state: { type: 'error', text: '钉钉登录已失效或不是从本页发起的，请重新点击「钉钉登录」。' },
  off: { type: 'error', text: '钉钉登录未配置，请用用户名和密码登录。' },
};

export function LoginForm({
  from,
  reason,
  dingtalk,
  step: initialStep,
}: {
  from?: string;
  reason?: string;
  dingtalk?: { configured: boolean; result?: string };
  /** `totp`: DingTalk signed the person in as the first factor; the code comes next. */
  step?: string;
}) {
  const [step, setStep] = useState<'password' | 'totp'>(initialStep === 'totp' ? 'totp' : 'password');
  const dingtalkNote = dingtalk?.result ? DINGTALK_LOGIN_TEXT[dingtalk.result] : undefined;
  const endReason = sessionEndReason(reason);
  const router = useRouter();
  const setUser = useUserStore((s) => s.setUser);
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [values, setValues] = useState<Values>({ username: '', password: '' });
  const [errors, setErrors] = useState<Partial<Values>>({});
  const [isPasswordShown, setPasswordShown] = useState(false);
  const usernameRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);

  useEffect(() => reloadOnChunkError(), []);

  // As antd's Form: a field is checked as it changes, every field when the form is sent.
  const change = (name: keyof Values, value: string) => {
    const next = { ...values, [name]: value };
    setValues(next);
    setErrors((prev) => ({ ...prev, [name]: validate(next, name)[name] }));
  };

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    // What the browser filled in without an input event (a password manager) counts too.
    const current = { username: usernameRef.current?.value ?? values.username, password: passwordRef.current?.value ?? values.password };
    setValues(current);
    const found = validate(current);
    setErrors(found);
    if (found.username || found.password) return;
    setSubmitting(true);
    setError(null);
    try {
      const reply = await signIn(current);
      if ('next' in reply) {
        if (reply.next === 'totp_setup') {
          // The role requires two-step sign-in: the enrolment page is all this session reaches.
          window.location.replace('/login/totp');
          return;
        }
        setValues({ ...current, password: '' });
        setStep('totp');
        setSubmitting(false);
        return;
      }
      signedIn(reply);
    } catch (err) {
      setError(explain(err));
      setSubmitting(false);
    }
  };

  const signedIn = ({ auth, suggestTotp, ...info }: LoginReply) => {
    setUser(info, auth);
    Cookies.remove(SESSION_END_COOKIE, { path: '/' });
    router.replace(safeReturnPath(from) ?? (suggestTotp ? '/?totp=ask' : '/'));
    router.refresh();
  };

  if (step === 'totp') {
    return (
      <CodeStep
        onSignedIn={signedIn}
        onRestart={(message) => {
          setStep('password');
          setError(message || null);
        }}
      />
    );
  }

  const described = (name: keyof Values) => (errors[name] ? { 'aria-describedby': `${name}_help`, 'aria-invalid': true } : {});

  return (
    <LoginCard title={APP_TITLE} subtitle="卡车资讯 · 内容管理后台">
      {endReason && !error && <Alert type="info" title={SESSION_END_TEXT[endReason]} testId="session-ended" />}
      {error && <Alert type="error" title={error} testId="login-error" />}
      {dingtalkNote && !error && <Alert type={dingtalkNote.type} title={dingtalkNote.text} testId="dingtalk-note" />}
      <form
        autoComplete="on"
        noValidate
        className={`ant-form ant-form-vertical ant-form-hide-required-mark ant-form-large ${THEME} ant-form-css-var`}
        onSubmit={(e) => void onSubmit(e)}
      >
        <Field name="username" label="用户名" error={errors.username}>
          <span className={inputWrapper(!!errors.username)}>
            <span className="ant-input-prefix">
              <Icon def={UserOutlined} />
            </span>
            <input
              ref={usernameRef}
              autoComplete="username"
              placeholder="请输入用户名"
              autoFocus
              id="username"
              aria-required="true"
              {...described('username')}
              className="ant-input ant-input-lg"
              type="text"
              value={values.username}
              onChange={(e) => change('username', e.target.value)}
            />
          </span>
        </Field>
        <Field name="password" label="密码" error={errors.password}>
          <span className={inputWrapper(!!errors.password, ' ant-input-password')}>
            <span className="ant-input-prefix">
              <Icon def={LockOutlined} />
            </span>
            <input
              ref={passwordRef}
              autoComplete="current-password"
              placeholder="请输入密码"
              id="password"
              aria-required="true"
              {...described('password')}
              type={isPasswordShown ? 'text' : 'password'}
              className="ant-input ant-input-lg"
              value={values.password}
              onChange={(e) => change('password', e.target.value)}
            />
            <span className="ant-input-suffix">
              <span
                role="button"
                // Out of the Tab order, as every password field's eye (components/common/password-input.tsx).
                tabIndex={-1}
                className="ant-input-password-icon"
                aria-disabled="false"
                aria-pressed={isPasswordShown}
                aria-label={isPasswordShown ? '隐藏' : '显示'}
                // As antd's: the caret stays in the password while it is shown or hidden.
                onMouseDown={(e) => e.preventDefault()}
                onClick={() => setPasswordShown((v) => !v)}
                onKeyDown={(e) => {
                  if (e.key === 'Enter' || e.key === ' ') {
                    e.preventDefault();
                    setPasswordShown((v) => !v);
                  }
                }}
              >
                <Icon def={isPasswordShown ? EyeOutlined : EyeInvisibleOutlined} hidden={false} />
              </span>
            </span>
          </span>
        </Field>
        <SubmitButton submitting={submitting} label="登 录" />
      </form>
      {dingtalk?.configured && (
        // A plain link: the server redirects to DingTalk with a single-use signed state.
        <a
          className={`ant-btn ${THEME} ant-btn-default ant-btn-color-default ant-btn-variant-outlined ant-btn-block`}
          href="/api/dingtalk/login_start"
          tabIndex={0}
          style={{ marginTop: 12 }}
        >
          <span>钉钉登录</span>
        </a>
      )}
    </LoginCard>
  );
}

/**
 * The code step after the password (or DingTalk), issue 26: the six-digit code from the phone's
 * authenticator, or a recovery code. The field is focused, the number pad comes up on a phone and
 * the browser may fill a code in; Enter sends it.
 */
function CodeStep({ onSignedIn, onRestart }: { onSignedIn: (reply: LoginReply) => void; onRestart: (message: string) => void }) {
  const [isRecovery, setRecovery] = useState(false);
  const [value, setValue] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const name = isRecovery ? 'recoveryCode' : 'code';

  useEffect(() => inputRef.current?.focus(), [isRecovery]);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const given = (inputRef.current?.value ?? value).trim();
    const problem = !given ? (isRecovery ? '请输入恢复码' : '请输入验证码') : isRecovery ? undefined : isTotpCode(given) ? undefined : TOTP_CODE_MESSAGE;
    setFieldError(problem);
    if (problem) return;
    setSubmitting(true);
    setError(null);
    try {
      onSignedIn(await sendCode(isRecovery ? { recoveryCode: given } : { code: given }));
    } catch (err) {
      const message = err instanceof Error ? err.message : '验证失败，请重试';
      if (err instanceof CodeStepError && err.restart) {
        onRestart(message);
        return;
      }
      setError(message);
      setValue('');
      setSubmitting(false);
      inputRef.current?.focus();
    }
  };

  const toggle = () => {
    setRecovery((v) => !v);
    setValue('');
    setFieldError(undefined);
    setError(null);
  };

  return (
    <LoginCard
      title="两步验证"
      subtitle={isRecovery ? '输入保存的恢复码之一（每个只能用一次）' : '打开手机上的验证器，输入显示的 6 位验证码'}
      testId="totp-step"
    >
      {error && <Alert type="error" title={error} testId="totp-error" />}
      <form
        noValidate
        className={`ant-form ant-form-vertical ant-form-hide-required-mark ant-form-large ${THEME} ant-form-css-var`}
        onSubmit={(e) => void onSubmit(e)}
      >
        <Field name={name} label={isRecovery ? '恢复码' : '验证码'} error={fieldError}>
          <span className={inputWrapper(!!fieldError)}>
            <span className="ant-input-prefix">
              <Icon def={LockOutlined} />
            </span>
            <input
              key={name}
              ref={inputRef}
              id={name}
              name={name}
              autoFocus
              aria-required="true"
              {...(fieldError ? { 'aria-describedby': `${name}_help`, 'aria-invalid': true } : {})}
              autoComplete={isRecovery ? 'off' : 'one-time-code'}
              inputMode={isRecovery ? 'text' : 'numeric'}
              autoCapitalize={isRecovery ? 'characters' : undefined}
              spellCheck={false}
              maxLength={isRecovery ? 16 : 7}
              placeholder={isRecovery ? '如 ABCD-EFGH' : '6 位数字'}
              className="ant-input ant-input-lg"
              style={{ letterSpacing: 2 }}
              type="text"
              value={value}
              onChange={(e) => setValue(e.target.value)}
            />
          </span>
        </Field>
        <SubmitButton submitting={submitting} label="验 证" />
      </form>
      <div style={{ display: 'flex', justifyContent: 'space-between', marginTop: 16, gap: 12, flexWrap: 'wrap' }}>
        <button type="button" className={`ant-btn ${THEME} ant-btn-link ant-btn-color-link ant-btn-variant-link`} style={{ padding: 0 }} onClick={toggle}>
          <span>{isRecovery ? '使用验证码' : '手机不在身边？使用恢复码'}</span>
        </button>
        <button
          type="button"
          className={`ant-btn ${THEME} ant-btn-link ant-btn-color-link ant-btn-variant-link`}
          style={{ padding: 0 }}
          onClick={() => onRestart('')}
        >
          <span>返回重新登录</span>
        </button>
      </div>
    </LoginCard>
  );
}
