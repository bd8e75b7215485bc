import { unknownRouteAnswer } from './unknown-route-answer';

describe('unknownRouteAnswer', () => {
  it('answers 404 NotFound pointing to /docs when no method has a route at the path', () => {
    expect(unknownRouteAnswer('POST', '/v1/nothing', [])).toEqual({
      status: 404,
      body: {
        statusCode: 404,
        code: 'NotFound',
        message:
          'No route takes POST "/v1/nothing". The routes and their methods are listed at /docs (the OpenAPI UI; the document itself is /docs/openapi.json).',
      },
    });
  });

  it('answers 405 MethodNotAllowed with the Allow header when other methods have a route there', () => {
    const answer = unknownRouteAnswer('PUT', '/health', ['GET', 'HEAD']);
    expect(answer).toMatchObject({
      status: 405,
      allow: 'GET, HEAD',
      body: { statusCode: 405, code: 'MethodNotAllowed' },
    });
    expect(answer.body.message).toBe(
      'PUT is not a method of "/health"; it takes GET, HEAD (the Allow header). The routes and their methods are listed at /docs (the OpenAPI UI; the document itself is /docs/openapi.json).',
    );
  });

  it('shows at most 300 characters of a long path', () => {
    const answer = unknownRouteAnswer('GET', `/${'x'.repeat(5000)}`, []);
    expect(answer.body.message.length).toBeLessThan(500);
    expect(answer.body.message).toContain('…"');
  });
});
