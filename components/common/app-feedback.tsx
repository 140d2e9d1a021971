'use client';

import { useContext, useMemo, type ReactNode } from 'react';
import { ConfigProvider } from 'antd';
import AppContext from 'antd/es/app/context';
import useAppStyle from 'antd/es/app/style';
import useMessage from 'antd/es/message/useMessage';
import useModal from 'antd/es/modal/useModal';
import type { MessageInstance } from 'antd/es/message/interface';
import type { HookAPI as ModalApi } from 'antd/es/modal/useModal';

/** What the screens take from antd's App context: themed toasts and confirmations. */
export interface AppFeedback {
  message: MessageInstance;
  modal: ModalApi;
}

/**
 * antd's `App` without its notification API (issue 25): antd's `App` calls `useNotification` and
 * so puts antd's notification component in every screen's first load, and nothing of ours opens
 * one. This renders what `App` renders (its `.ant-app` box with the theme's classes, the message
 * and modal holders) and fills antd's own App context, so `useApp()` below and antd's `App.useApp()`
 * (the unit tests wrap components in antd's `<App>`) read the same thing.
 */
export function AppFeedbackRoot({ children }: { children: ReactNode }) {
  const { getPrefixCls } = useContext(ConfigProvider.ConfigContext);
  const prefixCls = getPrefixCls('app');
  const [hashId, cssVarCls] = useAppStyle(prefixCls);
  const [message, messageHolder] = useMessage();
  const [modal, modalHolder] = useModal();
  // `notification` is never read (nothing of ours opens one); the context's type wants the key.
  const value = useMemo(() => ({ message, modal, notification: undefined as never }), [message, modal]);
  return (
    <AppContext.Provider value={value}>
      <div className={[hashId, prefixCls, cssVarCls].filter(Boolean).join(' ')}>
        {modalHolder}
        {messageHolder}
        {children}
      </div>
    </AppContext.Provider>
  );
}

/** The themed `message` and `modal` of the screen (instead of antd's `App.useApp()`, which brings its notification along). */
export function useApp(): AppFeedback {
  return useContext(AppContext);
}
