/**
 * The largest url-encoded body of the long-text editors (pages, library panels): 100 000
 * characters of Markdown, percent-encoded (an accented letter is 6 bytes, a dash 9), with room for
 * the other fields. Their routes declare it as `maxBodyBytes` (decision 0032); any other form
 * without files gets the 64 KB default of server/body-limits.ts.
 */
export const TEXT_EDITOR_MAX_BYTES = 1024 * 1024;
