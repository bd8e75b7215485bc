#!/usr/bin/env node
// `npm run generate:validators`: compiles the JSON Schemas of event-schemas/ ahead of time into
// libs/events/src/generated/event-schema-validators.ts (ajv standalone code), which the event
// checks load instead of compiling the schemas in every process and thread. Rerun it after
// changing a schema; a test fails until then.
'use strict';
require('./ts-register');
const { writeFileSync } = require('node:fs');
const path = require('node:path');
const {
  SCHEMA_VALIDATORS_MODULE,
  schemaValidatorsCode,
} = require('../libs/events/src/schema-validators-code.ts');

const file = path.join(__dirname, '..', SCHEMA_VALIDATORS_MODULE);
writeFileSync(file, schemaValidatorsCode());
console.log(`Wrote ${SCHEMA_VALIDATORS_MODULE}.`);
