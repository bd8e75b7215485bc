import { supportsAttachment } from './supports-attachment';

describe('supportsAttachment', () => {
  it.each([
    ['anthropic', 'image/png', true],
    ['anthropic', 'application/pdf', true],
    ['anthropic', 'text/plain; charset=utf-8', true],
    ['anthropic', 'text/csv', false],
    ['anthropic', 'audio/mpeg', false],
    ['anthropic.messages', 'application/vnd.ms-excel', false],
    ['openai', 'image/webp', true],
    ['openai', 'application/pdf', true],
    ['openai.responses', 'text/plain', false],
    ['azure', 'text/plain', false],
    ['google', 'audio/mpeg', true],
    ['google', 'video/mp4', true],
    ['google', 'text/csv', true],
    ['google-vertex', 'application/zip', false],
    ['Google.Generative-AI', 'IMAGE/JPEG', true],
    ['mistral', 'application/zip', true],
    ['constructor', 'application/zip', true],
  ])('%s takes %s: %s', (provider, mediaType, expected) => {
    expect(supportsAttachment(provider, mediaType)).toBe(expected);
  });
});
