'use client';

import { useSyncExternalStore } from 'react';
import { Badge, Tooltip } from 'antd';

function subscribe(onChange: () => void) {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

export function useOnline(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => navigator.onLine,
    () => true,
  );
}

/** Online/offline indicator in the header. @see SEED §2 (online/offline status is tracked) */
export function OnlineStatus() {
  const online = useOnline();
  return (
    <Tooltip title={online ? '网络连接正常' : '网络已断开，保存的内容可能无法提交'}>
      <Badge status={online ? 'success' : 'error'} text={online ? '在线' : '离线'} data-testid="online-status" />
    </Tooltip>
  );
}
