import { omitUnsupportedAttachments } from './omit-unsupported-attachments';
import { resolveModelPolicy } from './resolve-model-policy';

const policyFor = (provider: string) =>
  resolveModelPolicy({ sessionId: 's1', activeAgentName: 'build', provider }).attachments;

describe('omitUnsupportedAttachments', () => {
  it('judges a data: URL by its own media type, as the AI SDK does', () => {
    const part = {
      type: 'file' as const,
      data: 'data:image/heic;base64,aGVpYw==',
      mediaType: 'image/png',
      filename: 'photo.heic',
    };
    const hint =
      '[Attachment omitted: photo.heic (image/heic) — not supported by provider "anthropic"]';
    expect(omitUnsupportedAttachments([part], policyFor('anthropic'), 'user')).toEqual({
      parts: [{ type: 'text', text: hint }],
      omitted: [hint],
    });
  });

  it('keeps an image without a media type where images are taken', () => {
    const part = { type: 'image' as const, image: 'aW1hZ2U=' };
    expect(omitUnsupportedAttachments([part], policyFor('anthropic'), 'user')).toEqual({
      parts: [part],
      omitted: [],
    });
  });

  it('applies the assistant rule to assistant files', () => {
    const file = { type: 'file' as const, data: 'bm90ZXM=', mediaType: 'text/plain' };
    const hint = '[Attachment omitted: file (text/plain) — not supported by provider "anthropic"]';
    expect(omitUnsupportedAttachments([file], policyFor('anthropic'), 'assistant')).toEqual({
      parts: [{ type: 'text', text: hint }],
      omitted: [hint],
    });
    expect(omitUnsupportedAttachments([file], policyFor('anthropic'), 'user')).toEqual({
      parts: [file],
      omitted: [],
    });
    expect(omitUnsupportedAttachments([file], policyFor('google'), 'assistant')).toEqual({
      parts: [file],
      omitted: [],
    });
  });

  it('replaces a Google assistant file given by URL, which its adapter throws on', () => {
    const byUrl = {
      type: 'file' as const,
      data: 'https://example.com/spec.pdf',
      mediaType: 'application/pdf',
      filename: 'spec.pdf',
    };
    const hint =
      '[Attachment omitted: spec.pdf (application/pdf) — not supported by provider "google"]';
    expect(omitUnsupportedAttachments([byUrl], policyFor('google'), 'assistant')).toEqual({
      parts: [{ type: 'text', text: hint }],
      omitted: [hint],
    });
    expect(omitUnsupportedAttachments([byUrl], policyFor('google'), 'user')).toEqual({
      parts: [byUrl],
      omitted: [],
    });
  });

  it('keeps every part without a policy', () => {
    const parts = [
      { type: 'text' as const, text: 'see' },
      { type: 'file' as const, data: 'eA==', mediaType: 'application/zip' },
    ];
    expect(omitUnsupportedAttachments(parts, undefined, 'user')).toEqual({ parts, omitted: [] });
    expect(omitUnsupportedAttachments(parts, policyFor('mistral'), 'user')).toEqual({
      parts,
      omitted: [],
    });
  });
});
