import type { ErrorBody } from './error-body';

/** Where the server lists its routes: the OpenAPI UI (the document is `/docs/openapi.json`). */
const DOCS_HINT =
  'The routes and their methods are listed at /docs (the OpenAPI UI; the document itself is /docs/openapi.json).';

/** The answer to a request no route takes; `allow` is the `Allow` header of a 405. */
export interface UnknownRouteAnswer {
  status: 404 | 405;
  body: ErrorBody;
  allow?: string;
}

/**
 * The answer to a request no route takes: `405 MethodNotAllowed` with the `Allow` header when the
 * path is a route for other methods (`allowedMethods`, as registered: a GET route also takes
 * HEAD), else `404 NotFound`; both point to `/docs`.
 */
export function unknownRouteAnswer(
  method: string,
  path: string,
  allowedMethods: readonly string[],
): UnknownRouteAnswer {
  const shown = JSON.stringify(path.length > 300 ? `${path.slice(0, 300)}…` : path);
  if (allowedMethods.length === 0) {
    return {
      status: 404,
      body: {
        statusCode: 404,
        code: 'NotFound',
        message: `No route takes ${method} ${shown}. ${DOCS_HINT}`,
      },
    };
  }
  const allow = allowedMethods.join(', ');
  return {
    status: 405,
    body: {
      statusCode: 405,
      code: 'MethodNotAllowed',
      message: `${method} is not a method of ${shown}; it takes ${allow} (the Allow header). ${DOCS_HINT}`,
    },
    allow,
  };
}
