export { startEsdbEmulator } from './esdb-emulator';
export type { EsdbEmulator, EsdbEmulatorOptions } from './esdb-emulator';
export type { LogRecord } from './log-record';
export type { LogStore } from './log-store';
