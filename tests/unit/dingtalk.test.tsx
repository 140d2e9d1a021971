import { cleanup, render, screen } from '@testing-library/react';
import { http as mock, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { LoginForm } from '@/components/login/login-form';
import { BindDingtalkScreen } from '@/components/account/bind-screen';
import { useUserStore } from '@/stores/user';

// The screens of a server without DingTalk configured (the e2e server has it configured against a
// stand-in: e2e/dingtalk.spec.ts). The API side of "not configured" is in tests/api/dingtalk.test.ts;
// this is the status reply it asserts.
vi.mock('next/navigation', () => ({ useRouter: () => ({ replace() {}, refresh() {}, push() {} }), useSearchParams: () => new URLSearchParams() }));
const server = setupServer(
  mock.get('*/api/dingtalk/status', () =>
    HttpResponse.json({ status: 0, message: 'ok', data: { configured: false, bound: false, nick: null, pending: null } }),
  ),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => cleanup());
afterAll(() => server.close());

describe('DingTalk not configured', () => {
  it('the login screen offers only the password, and says so after a DingTalk link was followed anyway', () => {
    render(<LoginForm dingtalk={{ configured: false, result: 'off' }} />);
    expect(screen.getByTestId('dingtalk-note').textContent).toContain('钉钉登录未配置，请用用户名和密码登录。');
    expect(screen.queryByRole('link', { name: /钉钉登录/ })).toBeNull();
    cleanup();
    render(<LoginForm dingtalk={{ configured: true }} />);
    expect(screen.getByRole('link', { name: /钉钉登录/ }).getAttribute('href')).toBe('/api/dingtalk/login_start');
  });

  it('绑定钉钉 says it is not set up; only the administrator reads what to set on the server (ux P3-15); nothing to bind', async () => {
    useUserStore.getState().setUser({ id: 7, username: 'lina', name: '李娜', isSuper: false }, {});
    render(<BindDingtalkScreen />);
    expect(await screen.findByText('钉钉登录未配置')).toBeTruthy();
    expect(screen.getByText(/请联系管理员/)).toBeTruthy();
    expect(screen.queryByText(/DINGTALK_CLIENT_ID/)).toBeNull();
    expect(screen.queryByRole('button', { name: /绑定钉钉/ })).toBeNull();
    cleanup();
    useUserStore.getState().setUser({ id: 1, username: 'admin', name: '管理员', isSuper: true }, {});
    render(<BindDingtalkScreen />);
    expect(await screen.findByText(/DINGTALK_CLIENT_ID 和 DINGTALK_CLIENT_SECRET/)).toBeTruthy();
    useUserStore.getState().clearUser();
  });
});
