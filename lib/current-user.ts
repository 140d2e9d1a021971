import 'server-only';
import { headers } from 'next/headers';
import { NO_ROUTE_HEADER, USER_DETAIL_HEADER } from './constants';
import type { UserDetail } from './guard';
import { decodeUserDetail } from './user-detail-header';

/** The user detail the middleware fetched for this request (server components of the default layout). */
export async function currentUserDetail(): Promise<UserDetail | null> {
  const detail = decodeUserDetail((await headers()).get(USER_DETAIL_HEADER));
  return detail && detail.status === 0 && detail.data ? detail : null;
}

/** The middleware found no route for this path (it answers 404, whoever asks). */
export async function isNoRoute(): Promise<boolean> {
  return (await headers()).get(NO_ROUTE_HEADER) === '1';
}
