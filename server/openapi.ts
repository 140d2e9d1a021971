import { z } from 'zod';
import { SESSION_COOKIE } from '../lib/constants';
import { PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX, type ResourceDef } from '../lib/resources/define';
import { accessOf, type Access } from './auth/access';
import { inputOf, type RouteInput } from './http/input';
import { answerOf, type RouteAnswer } from './http/answer';
import { isUnsafeMethod } from './http/request-guard';
import type { crudRoutes } from './crud/crud-routes';
import type { ApiEntry } from './resources';
import { SORT_ORDERS } from './crud/list';
import { errorSchema, jsonSchemaOf, okAnswer, refusal, type Json } from './http/openapi-parts';

/**
 * The OpenAPI 3.1 description of the main API (`GET /api/openapi.json`, signed-in), derived from
 * what the app actually mounts (Hono's `app.routes`: every method and path) and from the registry
 * (server/resources.ts): a resource's routes get its declaration's zod schemas as request bodies
 * (`z.toJSONSchema`, the input side), its list parameters and its record shape (the table's
 * columns). Any other route's body and query parameters are the zod schemas it validates with
 * (`jsonBody` / `queryInput`, server/http/input.ts, which record them on the route). Every reply is
 * the DESIGN §2 envelope `{ status, data, message }`. Nothing is written by hand per route, so the
 * description cannot drift from the code.
 * @see DESIGN §2, docs/decisions.md, "Issue 16: the declaration is the one source"
 */

type CrudRoutes = ReturnType<typeof crudRoutes>;
interface MountedRoute {
  method: string;
  path: string;
  handler: unknown;
}

const isCrud = (routes: unknown): routes is CrudRoutes => typeof routes === 'object' && routes !== null && 'describe' in routes && 'resource' in routes;

const bodySchema = (schema: z.ZodType): Json => jsonSchemaOf(schema, 'input');

/** Query parameters from a query schema: one per property of its JSON Schema, required when the schema requires it. */
function queryParameters(schema: z.ZodType): Json[] {
  const json = bodySchema(schema) as { properties?: Record<string, Json & { description?: string }>; required?: string[] };
  return Object.entries(json.properties ?? {}).map(([name, p]) => ({
    name,
    in: 'query',
    required: json.required?.includes(name) ?? false,
    schema: p,
    ...(p.description ? { description: p.description } : {}),
  }));
}

/** A route that is not a resource's generic one, from the schemas its validators recorded. */
function validatedOperation(method: string, path: string, inputs: RouteInput[]): Json {
  const json = inputs.find((i) => i.target === 'json');
  const query = inputs.find((i) => i.target === 'query');
  return {
    summary: `${method} ${path}`,
    ...(query ? { parameters: queryParameters(query.schema) } : {}),
    ...(json ? { requestBody: { required: true, content: { 'application/json': { schema: bodySchema(json.schema) } } } } : {}),
    responses: json || query ? { 400: refusal('输入有误（errors 按字段说明）') } : {},
  };
}

/** The 200 of a route: its recorded answer's data, something other than the envelope, or (not described yet) any data. */
function success(answer: RouteAnswer | null): Json {
  if (!answer || answer.data === undefined) return okAnswer(undefined, '成功（data 尚未描述）');
  if (answer.other) {
    const { type, description } = answer.other;
    return type ? { description, content: { [type]: { schema: { type: 'string' } } } } : { description };
  }
  return okAnswer(jsonSchemaOf(answer.data!, 'output'));
}

/**
 * The refusals a route's guards imply, so they are not listed by hand: the door's checks of every
 * request (NUL in the query: 400; the database away: 503), of every unsafe method (another site: 403;
 * the wrong body type: 415; too large: 413; not UTF-8: 400), `access` (401, and 403 for a page
 * permission), a path id (404: a record that does not exist or is out of scope).
 */
function guardRefusals(method: string, path: string, rule: Access | undefined): Json {
  const unsafe = isUnsafeMethod(method);
  const page = rule?.kind === 'route' || rule?.kind === 'anyRoute';
  return {
    400: refusal(unsafe ? '请求内容有误（不是 UTF-8 的 JSON，或查询参数含非法字符）' : '查询参数含非法字符'),
    ...(rule?.kind === 'public' ? {} : { 401: refusal('未登录或会话已结束') }),
    ...(page || unsafe ? { 403: refusal([page ? '没有这个页面权限' : '', unsafe ? '跨站请求' : ''].filter(Boolean).join('，或')) } : {}),
    ...(/\{\w+\}/.test(path) ? { 404: refusal('记录不存在或不在数据范围内') } : {}),
    ...(unsafe ? { 413: refusal('请求内容过大'), 415: refusal('请求内容类型不对') } : {}),
    ...(path === '/api/ping' ? {} : { 503: refusal('数据库暂时无法连接，请稍后再试') }),
  };
}

function accessNote(rule: Access | undefined): string {
  if (!rule) return '';
  if (rule.kind === 'public') return '无需登录';
  if (rule.kind === 'signedIn') return '登录即可';
  if (rule.kind === 'route') return `需要页面权限 ${rule.route}`;
  return `需要页面权限之一：${rule.routes.join('、')}`;
}

/** Describes one route of a resource served by crudRoutes; null when the route is one of its special ones. */
function crudOperation(def: ResourceDef, routes: CrudRoutes, table: ApiEntry['table'], method: string, sub: string): Json | null {
  const { listPath, filters, sorts, updateSchema, ops } = routes.describe;
  const body = (schema: z.ZodType, example?: unknown) => ({
    required: true,
    content: { 'application/json': { schema: bodySchema(schema), ...(example ? { example } : {}) } },
  });
  if (method === 'GET' && sub === listPath) {
    const query = (name: string, schema: Json, description: string) => ({ name, in: 'query', required: false, schema, description });
    return {
      summary: `${def.label}列表`,
      parameters: [
        query('page', { type: 'integer', minimum: 1, default: 1 }, '页码'),
        query('pageSize', { type: 'integer', minimum: 1, maximum: PAGE_SIZE_MAX, default: PAGE_SIZE_DEFAULT }, '每页条数'),
        ...(def.keyword?.length ? [query('keyword', { type: 'string' }, `匹配 ${def.keyword.join('、')} 的一部分`)] : []),
        ...(sorts.length
          ? [
              query('sort', { type: 'string', enum: sorts }, '排序字段（其他值：400）'),
              query('order', { type: 'string', enum: [...SORT_ORDERS] }, '排序方向（其他值：400）'),
            ]
          : []),
        ...filters.filter((f) => f !== 'keyword').map((f) => query(f, { type: 'string' }, def.filters?.find((d) => d.name === f)?.label ?? '筛选')),
      ],
      responses: {
        400: refusal(`页码、每页条数${sorts.length ? '或排序' : ''}不合法（errors 按参数说明）`),
      },
    };
  }
  if (method === 'GET' && sub === '/{id}') return { summary: `${def.label}详情`, responses: { 404: refusal(`${def.label}不存在`) } };
  // A generic route turned off (`operations`) may be replaced by a special one at the same path (the library's `POST` registers an upload).
  if (method === 'POST' && sub === '/' && ops.create)
    return {
      summary: `新增${def.label}`,
      requestBody: body(def.schema, def.example),
      responses: { 400: refusal('输入有误（errors 按字段说明）') },
    };
  if (method === 'PUT' && sub === '/{id}' && ops.update)
    return {
      summary: `修改${def.label}（只改发送的字段）`,
      requestBody: body(updateSchema),
      responses: { 400: refusal('输入有误（errors 按字段说明）'), 404: refusal(`${def.label}不存在`) },
    };
  if (method === 'DELETE' && sub === '/{id}' && ops.remove)
    return {
      summary: `删除${def.label}`,
      responses: { 404: refusal(`${def.label}不存在`) },
    };
  if (method === 'PUT' && sub === '/sort')
    return {
      summary: `调整${def.label}顺序`,
      requestBody: body(z.object({ ids: z.array(z.number().int().positive()).min(1).max(1000) })),
      responses: { 400: refusal('ids 不合法，或不在同一组') },
    };
  return null;
}

/** `/api/tags/:id{[0-9]+}` → `/api/tags/{id}`. */
export const openApiPath = (path: string) => path.replace(/:(\w+)(\{[^}]*\})?/g, '{$1}');

export function openApiDocument(mounted: readonly MountedRoute[], registry: ReadonlyArray<{ entry: ApiEntry; routes: unknown }>): Json {
  const paths: Record<string, Record<string, Json>> = {};
  // What each route validates: its middleware entries of `app.routes` (method and path as the handler's).
  const inputs = new Map<string, RouteInput[]>();
  // What each route answers: its `answers(…)` middleware (server/http/answer.ts).
  const answers = new Map<string, RouteAnswer>();
  for (const route of mounted) {
    const input = inputOf(route.handler);
    if (input) inputs.set(`${route.method} ${route.path}`, [...(inputs.get(`${route.method} ${route.path}`) ?? []), input]);
    const answer = answerOf(route.handler);
    if (answer) answers.set(`${route.method} ${route.path}`, answer);
  }
  // The longest mount path first: `/api/articles_album` before `/api/articles`, the root last.
  const byMount = [...registry].sort((a, b) => b.entry.name.length - a.entry.name.length);
  const seen = new Set<string>();
  for (const route of mounted) {
    if (route.method === 'ALL') continue;
    const path = openApiPath(route.path);
    const key = `${route.method} ${path}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const owner = byMount.find(({ entry }) => entry.name && (path === `/api/${entry.name}` || path.startsWith(`/api/${entry.name}/`)));
    const method = route.method.toLowerCase();
    const rule = accessOf(route.handler);
    const answer = answers.get(`${route.method} ${route.path}`) ?? null;
    let operation: Json | null = null;
    if (owner && isCrud(owner.routes) && owner.entry.resource) {
      const sub = path.slice(`/api/${owner.entry.name}`.length) || '/';
      operation = crudOperation(owner.entry.resource, owner.routes, owner.entry.table, route.method, sub);
    }
    const params = [...path.matchAll(/\{(\w+)\}/g)].map((m) => ({
      name: m[1],
      in: 'path',
      required: true,
      schema: m[1] === 'id' ? { type: 'integer', minimum: 1 } : { type: 'string' },
    }));
    const base: Json = operation ?? validatedOperation(route.method, path, inputs.get(`${route.method} ${route.path}`) ?? []);
    paths[path] ??= {};
    paths[path][method] = {
      ...base,
      tags: [owner?.entry.resource?.label ?? owner?.entry.name ?? '账号'],
      description: accessNote(rule),
      ...(params.length ? { parameters: [...params, ...((base.parameters as Json[]) ?? [])] } : {}),
      ...(rule?.kind === 'public' ? { security: [] } : {}),
      responses: {
        [answer?.other?.status ?? 200]: success(answer),
        ...guardRefusals(route.method, path, rule),
        ...(base.responses as Json),
        ...Object.fromEntries(Object.entries(answer?.refusals ?? {}).map(([status, why]) => [status, refusal(String(why))])),
      },
    };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: '内容管理后台 API',
      version: '1',
      description: '每个回复都是 { status, data, message }；出错时 status 为 HTTP 状态码，errors 按字段给出说明。',
    },
    servers: [{ url: '/' }],
    security: [{ session: [] }],
    paths,
    components: {
      securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE } },
      schemas: {
        Error: errorSchema,
      },
    },
  };
}
