/**
 * The embedded blob store's tables. A blob's bytes are rows of `blob_chunks` under one
 * `blob_contents` row; the row is `staging` while its bytes arrive (no read sees it, and opening
 * the store deletes what a crash left) and `stored` once whole, named by its tenant and SHA-256
 * (unique among stored rows: the same bytes are kept once per tenant). `blob_references` says
 * which sessions refer to a blob; `blob_uploads` marks those references that are provisional (an
 * upload no message refers to yet), with when, for `collectUnreferenced`. Each blob keeps the chunk size it was written with, so a store
 * opened with another reads it right.
 */
export const BLOB_SCHEMA = `
  CREATE TABLE IF NOT EXISTS blob_contents (
    content_id INTEGER PRIMARY KEY,
    tenant TEXT NOT NULL,
    sha256 TEXT,
    size INTEGER NOT NULL DEFAULT 0,
    media_type TEXT NOT NULL,
    chunk_size INTEGER NOT NULL,
    state TEXT NOT NULL CHECK (state IN ('staging', 'stored')),
    started_at TEXT NOT NULL) STRICT;
  CREATE UNIQUE INDEX IF NOT EXISTS blob_contents_by_hash
    ON blob_contents (tenant, sha256) WHERE state = 'stored';
  CREATE TABLE IF NOT EXISTS blob_chunks (
    content_id INTEGER NOT NULL,
    chunk_index INTEGER NOT NULL,
    bytes BLOB NOT NULL,
    PRIMARY KEY (content_id, chunk_index)) STRICT;
  CREATE TABLE IF NOT EXISTS blob_references (
    tenant TEXT NOT NULL,
    sha256 TEXT NOT NULL,
    session_key TEXT NOT NULL,
    PRIMARY KEY (tenant, sha256, session_key)) STRICT;
  CREATE INDEX IF NOT EXISTS blob_references_by_session ON blob_references (tenant, session_key);
  CREATE TABLE IF NOT EXISTS blob_uploads (
    tenant TEXT NOT NULL,
    sha256 TEXT NOT NULL,
    session_key TEXT NOT NULL,
    uploaded_at TEXT NOT NULL,
    PRIMARY KEY (tenant, sha256, session_key)) STRICT;
  CREATE INDEX IF NOT EXISTS blob_uploads_by_time ON blob_uploads (uploaded_at);
`;
