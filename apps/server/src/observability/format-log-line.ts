/** The fields a log record always has; the rest are printed as `key=value`. */
const SHOWN_APART = new Set(['level', 'time', 'msg', 'context', 'err', 'pid', 'hostname']);

/**
 * One pino record (parsed JSON) as a readable line: `HH:MM:SS.mmm LEVEL [context] message
 * key=value …`, in UTC, an error's stack on the lines after it. Never throws: a record without
 * the usual fields still prints what it has.
 */
export function formatLogLine(record: Record<string, unknown>): string {
  const time = typeof record['time'] === 'string' ? record['time'].slice(11, 23) : '';
  const level = typeof record['level'] === 'string' ? record['level'].toUpperCase() : 'LOG';
  const context = typeof record['context'] === 'string' ? ` [${record['context']}]` : '';
  const message = typeof record['msg'] === 'string' ? ` ${record['msg']}` : '';
  const fields = Object.entries(record)
    .filter(([key, value]) => !SHOWN_APART.has(key) && value !== undefined)
    .map(([key, value]) => ` ${key}=${formatValue(value)}`)
    .join('');
  const error = record['err'];
  const stack =
    typeof error === 'object' &&
    error !== null &&
    typeof (error as { stack?: unknown }).stack === 'string'
      ? `\n${(error as { stack: string }).stack}`
      : '';
  return `${time}${time === '' ? '' : ' '}${level}${context}${message}${fields}${stack}\n`;
}

function formatValue(value: unknown): string {
  if (typeof value === 'string') return /^[^\s"=]+$/.test(value) ? value : JSON.stringify(value);
  return JSON.stringify(value) ?? String(value);
}
