import { providerCapabilitiesOf } from './providers/provider-capabilities-of';
import { supportsAttachment, type AttachmentPlace } from './supports-attachment';

function supports(provider: string, place: AttachmentPlace, mediaType: string, url = false) {
  const capabilities = providerCapabilitiesOf(provider);
  if (capabilities === undefined) throw new Error(`no table for ${provider}`);
  return supportsAttachment(capabilities, { place, mediaType, url });
}

describe('supportsAttachment', () => {
  describe('user messages', () => {
    it.each([
      ['anthropic', 'image/png', true],
      ['anthropic', 'image/gif', true],
      ['anthropic', 'image/heic', false],
      ['anthropic', 'image/*', true],
      ['anthropic', 'application/pdf', true],
      ['anthropic', 'text/plain; charset=utf-8', true],
      ['anthropic', 'text/csv', false],
      ['anthropic', 'audio/mpeg', false],
      ['anthropic.messages', 'application/vnd.ms-excel', false],
      ['openai', 'image/webp', true],
      ['openai', 'image/heic', false],
      ['openai', 'application/pdf', true],
      ['openai.responses', 'text/plain', false],
      ['azure', 'audio/wav', false],
      ['openai.chat', 'audio/wav', true],
      ['openai.chat', 'audio/mpeg', true],
      ['openai.chat', 'audio/ogg', false],
      ['openai.chat', 'text/plain', false],
      ['google', 'image/heic', true],
      ['google', 'image/gif', false],
      ['google', 'audio/mp3', true],
      ['google', 'video/mp4', true],
      ['google', 'text/csv', true],
      ['google-vertex', 'application/zip', false],
      ['Google.Generative-AI', 'IMAGE/JPEG', true],
    ])('%s takes %s: %s', (provider, mediaType, expected) => {
      expect(supports(provider, 'user-message', mediaType)).toEqual(expected);
    });

    it('takes URLs where the AI SDK passes or downloads them', () => {
      expect(supports('anthropic', 'user-message', 'image/png', true)).toEqual(true);
      expect(supports('google', 'user-message', 'video/mp4', true)).toEqual(true);
    });
  });

  describe('assistant messages', () => {
    it.each([
      ['anthropic', 'text/plain', false],
      ['openai', 'application/pdf', false],
      ['openai.chat', 'image/png', false],
      ['google', 'application/pdf', true],
      ['google', 'image/png', true],
      ['google', 'application/zip', false],
    ])('%s takes %s inline: %s', (provider, mediaType, expected) => {
      expect(supports(provider, 'assistant-message', mediaType)).toEqual(expected);
    });

    it('google takes no assistant file by URL (its adapter throws)', () => {
      expect(supports('google', 'assistant-message', 'application/pdf', true)).toEqual(false);
    });
  });

  describe('tool results', () => {
    it.each([
      ['anthropic', 'image/png', true],
      ['anthropic', 'image/heic', false],
      ['anthropic', 'application/pdf', true],
      ['anthropic', 'text/plain', false],
      ['openai', 'image/png', true],
      ['openai', 'text/plain', true],
      ['openai', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', true],
      ['openai', 'application/zip', false],
      ['openai.chat', 'image/png', false],
      ['openai.chat', 'text/plain', false],
      ['google', 'image/png', true],
      ['google', 'text/plain', true],
      ['google', 'image/heic', false],
      ['google', 'audio/mp3', false],
    ])('%s takes %s: %s', (provider, mediaType, expected) => {
      expect(supports(provider, 'tool-result', mediaType)).toEqual(expected);
    });
  });
});
