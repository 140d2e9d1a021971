import { envelope, errorSchema, jsonSchemaOf, refusal, type Json } from '../http/openapi-parts';
import type { DeliveryRoute } from './registry';

/**
 * `/content-api/v1/openapi.json` (OpenAPI 3.1): every endpoint with its parameters (from its query
 * schema) and the `data` of its answer (from its data schema), so a site team can generate a typed
 * client. Made from the routes themselves: what is described is what is checked and answered.
 */
export function deliveryOpenApi(routes: readonly DeliveryRoute[], base: string): Json {
  const paths: Record<string, Json> = {};
  for (const route of routes) {
    const pathParams = [...route.path.matchAll(/:(\w+)/g)].map((m) => m[1]);
    const query = jsonSchemaOf(route.query, 'input') as { properties?: Record<string, Json>; required?: string[] };
    const parameters = Object.entries(query.properties ?? {}).map(([name, schema]) => ({
      name,
      in: pathParams.includes(name) ? 'path' : 'query',
      required: pathParams.includes(name) || (query.required?.includes(name) ?? false),
      schema,
    }));
    const path = base + route.path.replace(/:(\w+)/g, '{$1}');
    paths[path] = {
      get: {
        summary: route.summary,
        tags: [route.family],
        security: [{ apiKey: [] }],
        parameters,
        responses: {
          200: {
            description: '成功',
            headers: {
              ETag: { schema: { type: 'string' } },
              'Cache-Control': { schema: { type: 'string' }, description: 'max-age 不会越过该回答下一次自行变化的时间' },
              'Surrogate-Key': { schema: { type: 'string' }, description: '回答所依赖的内容与列表，空格分隔' },
            },
            content: {
              'application/json': {
                schema: envelope(jsonSchemaOf(route.data, 'output')),
              },
            },
          },
          304: { description: 'If-None-Match 与 ETag 相同：未变化' },
          400: refusal('查询参数有误（errors 按字段说明）'),
          401: refusal('缺少或无效的 API 密钥'),
          403: refusal('此密钥无权读取该类内容'),
          404: refusal('内容不存在、未发布、已下线或不在展示时间内'),
          429: refusal('超过该密钥的请求频率（见 Retry-After）'),
        },
      },
    };
  }
  return {
    openapi: '3.1.0',
    info: { title: '内容接口 /content-api/v1', version: '1', description: '只读：已发布且在展示时间内的内容。每个请求带 Authorization: Bearer <API 密钥>。' },
    components: {
      securitySchemes: { apiKey: { type: 'http', scheme: 'bearer' } },
      schemas: {
        Error: errorSchema,
      },
    },
    paths,
  };
}
