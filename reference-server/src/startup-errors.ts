// Start-up failures in words a user can act on: which path or port, and the flag or variable that changes it.
// SQLite's own messages ("unable to open database file") name neither.

interface StartupSettings {
  db: string;
  host: string;
  port: number;
  storageDir?: string;
}

export function describeStartupError(error: unknown, settings: StartupSettings): string {
  const { code, message } = (error ?? {}) as { code?: string; message?: string };
  const text = message ?? String(error);
  if (code === 'EADDRINUSE')
    return (
      `port ${settings.port} on ${settings.host} is already in use (another glitchbox-server?); ` +
      'pick another with --port N or GLITCHBOX_PORT=N (PORT works too), or --port 0 for any free port'
    );
  if (code === 'EACCES' && /listen/.test(text))
    return `not allowed to listen on ${settings.host}:${settings.port}; use a port above 1023 with --port N`;
  if (code === 'EADDRNOTAVAIL')
    return `cannot listen on ${settings.host}: no such local address; pick one with --host (default 127.0.0.1)`;
  if (/bindings file|better_sqlite3\.node|NODE_MODULE_VERSION/.test(text))
    return (
      `better-sqlite3's native addon cannot be loaded (${text.split('\n')[0]}); ` +
      'run `npm rebuild better-sqlite3`, which downloads a prebuilt binary from GitHub or else compiles one ' +
      '(Python 3, make and a C++ compiler)'
    );
  const sqliteOpen = ['SQLITE_CANTOPEN', 'SQLITE_NOTADB', 'SQLITE_READONLY', 'SQLITE_PERM'];
  if (sqliteOpen.some((c) => code?.startsWith(c)) || /open database|directory does not exist/i.test(text))
    return (
      `cannot open the database ${settings.db}: ${text}. Check that its folder exists and is writable, ` +
      'or pass --db <file> (GLITCHBOX_DB) for another file, or --db :memory: for no file'
    );
  if (settings.storageDir && typeof code === 'string' && ['ENOENT', 'EACCES', 'EPERM', 'ENOTDIR'].includes(code))
    return `cannot use the storage folder ${settings.storageDir}: ${text}. Pass --storage <dir> (GLITCHBOX_STORAGE)`;
  return text;
}
