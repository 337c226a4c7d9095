-- A walkaround video sent in parts (issue 30, ADR 0084): one row per chunked upload, its R2 multipart upload (made when
-- part 1 shows the file is a WebM or MP4) and the parts received so far, so a dealer's client can resume after a
-- dropped connection. `id` (64 hex digits) is the video's R2 key under its site and the name in its /cdn/video URL.
CREATE TABLE video_uploads (
  id TEXT PRIMARY KEY,
  site TEXT NOT NULL,
  dealership_id INTEGER NOT NULL,
  stocknum TEXT NOT NULL,
  size INTEGER NOT NULL,
  type TEXT CHECK (type IN ('webm', 'mp4')),
  r2_upload_id TEXT,
  created_at TEXT NOT NULL
);
CREATE INDEX video_uploads_created ON video_uploads (created_at);

CREATE TABLE video_upload_parts (
  upload_id TEXT NOT NULL,
  part INTEGER NOT NULL,
  etag TEXT NOT NULL,
  PRIMARY KEY (upload_id, part)
);
