'use client';

import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useResourceList } from '@/components/crud';
import { DELIVERIES_PATH, WEBHOOKS_PATH, webhookApi, type WebhookEndpointRow } from '@/lib/api/webhooks';
import { invalidate, queryKeys } from '@/lib/query';

/**
 * The endpoints, from the data layer (lib/query) under `/api/webhooks`: the endpoints' tab and the
 * log's 推送地址 filter read the same cached answer, and a write to either reads both again.
 */
export function useWebhookEndpoints() {
  return useResourceList<WebhookEndpointRow>({
    path: WEBHOOKS_PATH,
    fetchList: webhookApi.list,
    isLocal: true,
    nothingYet: '还没有推送地址。点「新增推送地址」填写网站的接收地址，内容发布时网站会立刻收到通知',
  });
}

/** After a write to an endpoint: its row and the log (its waiting and retrying counts, a test's delivery) are read again. */
export function useWebhookWritten() {
  const queryClient = useQueryClient();
  return useCallback(() => invalidate(queryClient, [queryKeys.all(WEBHOOKS_PATH), queryKeys.all(DELIVERIES_PATH)]), [queryClient]);
}
