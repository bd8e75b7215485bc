// Lints an OpenAPI document with Redocly's recommended rules and prints the problems as JSON, one
// `{ ruleId, severity, message, location }` per problem. Reads the document from the file named by
// its argument. A child process because `@redocly/openapi-core` is an ES module, which Node loads
// and Jest's module registry does not.
import { readFileSync } from 'node:fs';
import { createConfig, lintFromString } from '@redocly/openapi-core';

const [file] = process.argv.slice(2);
if (file === undefined) {
  process.stderr.write('usage: node lint-openapi-document.mjs <openapi.json>\n');
  process.exit(2);
}
const config = await createConfig({ extends: ['recommended'] });
const problems = await lintFromString({
  source: readFileSync(file, 'utf8'),
  absoluteRef: 'openapi.json',
  config,
});
process.stdout.write(
  JSON.stringify(
    problems.map((problem) => ({
      ruleId: problem.ruleId,
      severity: problem.severity,
      message: problem.message,
      location: problem.location.map((location) => location.pointer),
    })),
    null,
    2,
  ) + '\n',
);
