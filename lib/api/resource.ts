/**
 * One generic client per resource over its host's axios instance (RF simple-rest provider).
 * Every function returns the reply envelope, or an HttpFailure when there was no answer; the
 * wrapper has already shown the toast. @see DESIGN §2, SEED §7
 */
import { http, isFailure, type ApiReply, type HttpClient, type HttpFailure, type RequestOptions } from '../http';
import { apiPath, type ListResult, type ResourceDecl } from '../resources/define';

export type Reply<T> = ApiReply<T> | HttpFailure;

export type ListParams = Record<string, string | number | boolean | undefined>;

export interface ResourceClient<T, In = Partial<T>> {
  list(params?: ListParams): Promise<Reply<ListResult<T>>>;
  get(id: number): Promise<Reply<T>>;
  create(values: In): Promise<Reply<T>>;
  /** `options.quiet`: no toast on a refusal (the caller says it, e.g. an optimistic switch put back). */
  update(id: number, values: Partial<In>, options?: RequestOptions): Promise<Reply<T>>;
  remove(id: number): Promise<Reply<{ id: number }>>;
  sort(ids: number[], options?: RequestOptions): Promise<Reply<{ ids: number[] }>>;
  /** Undoes a recent delete (`POST /{id}/restore`): the record comes back with its id and place. */
  restore?(id: number): Promise<Reply<T>>;
}

export function resourceClient<T, In = Partial<T>>(def: Pick<ResourceDecl, 'name' | 'host'>): ResourceClient<T, In> {
  const client: HttpClient = http[def.host ?? 'main'];
  const base = apiPath(def);
  return {
    list: (params) => client.get<ListResult<T>>(base, params),
    get: (id) => client.get<T>(`${base}/${id}`, { _t: Date.now() }),
    create: (values) => client.post<T>(base, values as object),
    update: (id, values, options) => client.put<T>(`${base}/${id}`, values as object, options),
    remove: (id) => client.del<{ id: number }>(`${base}/${id}`),
    sort: (ids, options) => client.put<{ ids: number[] }>(`${base}/sort`, { ids }, options),
    restore: (id) => client.post<T>(`${base}/${id}/restore`, {}),
  };
}

/** True when the reply is a success envelope (status 0). */
export function isOk<T>(reply: Reply<T>): reply is ApiReply<T> & { status: 0; data: T } {
  return !isFailure(reply) && reply.status === 0;
}
