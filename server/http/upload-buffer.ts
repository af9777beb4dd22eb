/**
 * Buffer of the stream from the request to the temporary file; the multipart parser's file stream
 * (app.ts) uses the same. The 16 KB default pauses the socket at every chunk in flight to disk; 1 MB
 * lets writes gather into one writev: the measured upload rate rose by half or more.
 */
export const UPLOAD_BUFFER_BYTES = 1024 * 1024;
