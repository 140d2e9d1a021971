/**
 * The webhook side of 站点接口's staff API (DESIGN §12 "Their staff API";
 * server/delivery/webhooks/routes.ts): endpoints, the delivery log, replay, and what the site was
 * told of one item. Every function returns the reply envelope, or an HttpFailure (the wrapper has
 * shown the toast). Types only from the schemas: zod stays out of the browser's bundle.
 */
import { http } from '../http';
import type { ListResult } from '../resources/define';
import { isOk, type ListParams, type Reply } from './resource';
import type { z } from 'zod';
import type {
  webhookDeliveryDetail,
  webhookDeliveryRecord,
  webhookEndpointList,
  webhookEndpointRecord,
  webhookItemSummary,
} from '../resources/schemas/webhooks';

/** One row of `GET /api/webhooks`. */
export type WebhookEndpointRow = z.output<typeof webhookEndpointList>['list'][number];
/** One endpoint as a write answers it (with its secret after a create or a rotation). */
export type WebhookEndpoint = z.output<typeof webhookEndpointRecord>;
/** One row of the delivery log. */
export type DeliveryRow = z.output<typeof webhookDeliveryRecord>;
/** One delivery with its body, last response and attempts. */
export type DeliveryDetail = z.output<typeof webhookDeliveryDetail>;
/** What the site was told of one item (the editors' side panel). */
export type SiteSummary = z.output<typeof webhookItemSummary>;

/** The data layer's keys (lib/query) of the two resources: a write to either reads both screens again. */
export const WEBHOOKS_PATH = '/api/webhooks';
export const DELIVERIES_PATH = '/api/webhook_deliveries';

export const webhookApi = {
  /** Every endpoint (the API answers at most 50, in one page). */
  list: async (): Promise<Reply<ListResult<WebhookEndpointRow>>> => {
    const reply = await http.main.get<{ list: WebhookEndpointRow[]; total: number }>(WEBHOOKS_PATH);
    return isOk(reply) ? { ...reply, data: { ...reply.data, page: 1, pageSize: Math.max(reply.data.total, 1) } } : (reply as Reply<never>);
  },
  create: (values: { name: string; url: string; events: string[] }): Promise<Reply<WebhookEndpoint>> => http.main.post<WebhookEndpoint>(WEBHOOKS_PATH, values),
  update: (id: number, values: Record<string, unknown>): Promise<Reply<WebhookEndpoint>> => http.main.put<WebhookEndpoint>(`${WEBHOOKS_PATH}/${id}`, values),
  remove: (id: number): Promise<Reply<unknown>> => http.main.del(`${WEBHOOKS_PATH}/${id}`),
  /** 发送测试: sent at once, answered with the outcome. */
  test: (id: number): Promise<Reply<DeliveryDetail>> => http.main.post<DeliveryDetail>(`${WEBHOOKS_PATH}/${id}/test`),
};

export const deliveryLogApi = {
  list: (params: ListParams): Promise<Reply<ListResult<DeliveryRow>>> => http.main.get<ListResult<DeliveryRow>>(DELIVERIES_PATH, params),
  get: (id: number): Promise<Reply<DeliveryDetail>> => http.main.get<DeliveryDetail>(`${DELIVERIES_PATH}/${id}`),
  /** 重新推送: the same webhook-id, as the next attempt. */
  replay: (id: number): Promise<Reply<DeliveryDetail>> => http.main.post<DeliveryDetail>(`${DELIVERIES_PATH}/${id}/replay`),
};
