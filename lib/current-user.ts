import 'server-only';
import { headers } from 'next/headers';
import { USER_DETAIL_HEADER } from './constants';
import type { UserDetail } from './guard';
import { decodeUserDetail } from './user-detail-header';

/** The user detail the middleware fetched for this request (server components of the default layout). */
export async function currentUserDetail(): Promise<UserDetail | null> {
  const detail = decodeUserDetail((await headers()).get(USER_DETAIL_HEADER));
  return detail && detail.status === 0 && detail.data ? detail : null;
}
