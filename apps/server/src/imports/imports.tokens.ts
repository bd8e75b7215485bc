/** The session command runner the importer writes through. */
export const IMPORT_RUNNER = Symbol('IMPORT_RUNNER');
