import { useState } from 'preact/hooks';
import { can, describeError, useConnection } from '../auth';
import { href } from '../model/routes';

/** Export (JSON, Markdown), copy the AI SDK messages at the chosen point, copy a link to it. */
export function ExportButtons(props: {
  sessionId: string;
  revision: number | undefined;
  call: number | undefined;
}) {
  const connection = useConnection();
  const [note, setNote] = useState<string | undefined>();
  const run = async (what: string, action: () => Promise<void>): Promise<void> => {
    try {
      await action();
      setNote(what);
    } catch (error) {
      setNote(describeError(connection, error));
    }
  };
  const download = (name: string, type: string, text: string): void => {
    const url = URL.createObjectURL(new Blob([text], { type }));
    const link = document.createElement('a');
    link.href = url;
    link.download = name;
    link.click();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  };
  // Exports need the audit scope (they are the auditor's report).
  const audit = can(connection, 'audit');
  const safeName = props.sessionId.replace(/[^A-Za-z0-9._-]+/g, '_');
  return (
    <div class="export-buttons" role="group" aria-label="Export">
      {audit && (
        <>
          <button
            type="button"
            onClick={() =>
              void run('Exported as JSON.', async () => {
                const answer = await connection.client.export(props.sessionId);
                download(`${safeName}.json`, 'application/json', JSON.stringify(answer, null, 2));
              })
            }
          >
            Export JSON
          </button>
          <button
            type="button"
            onClick={() =>
              void run('Exported as Markdown.', async () => {
                download(
                  `${safeName}.md`,
                  'text/markdown',
                  await connection.client.exportMarkdown(props.sessionId),
                );
              })
            }
          >
            Export Markdown
          </button>
        </>
      )}
      <button
        type="button"
        onClick={() =>
          void run('Copied the AI SDK messages.', async () => {
            const context = await connection.client.modelContext(props.sessionId, {
              format: 'ai-sdk',
              ...(props.call !== undefined
                ? { call: props.call }
                : props.revision !== undefined
                  ? { atRevision: props.revision }
                  : {}),
            });
            await navigator.clipboard.writeText(JSON.stringify(context.messages, null, 2));
          })
        }
      >
        Copy as AI SDK messages
      </button>
      <button
        type="button"
        onClick={() =>
          void run('Copied the link.', async () => {
            const path = window.location.pathname + window.location.search;
            await navigator.clipboard.writeText(
              new URL(
                path || href({ page: 'session', sessionId: props.sessionId }),
                window.location.origin,
              ).toString(),
            );
          })
        }
      >
        Copy link
      </button>
      {note !== undefined && (
        <span role="status" class="muted">
          {note}
        </span>
      )}
    </div>
  );
}
