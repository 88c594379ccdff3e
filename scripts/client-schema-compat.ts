// Semantic versioning of @perudo/client tied to the server's schema: packages/client/schema.graphql is the schema
// the package's current major was built against (its first line names that major: `# @perudo/client 1.x`).
// A breaking change from it to the server's schema.graphql fails this check while the package's major is the
// same, since clients of that major would break; once the major moved, it passes and asks for a fresh baseline.
// Dangerous and non-breaking changes pass. Paths may be given for a test: --baseline, --schema, --package.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { CriticalityLevel, diff, type Change } from '@graphql-inspector/core';
import { buildSchema } from 'graphql';

const ROOT = path.resolve(__dirname, '..');
const BASELINE_HEADER = /^# @perudo\/client (\d+)\.x\b/;

export interface CompatReport {
  readonly ok: boolean;
  readonly lines: readonly string[];
}

/** Whether `schemaSdl` may ship in the package major of `packageVersion`, given the baseline it was built on. */
export async function checkCompat(
  baselineSdl: string,
  schemaSdl: string,
  packageVersion: string,
): Promise<CompatReport> {
  const header = BASELINE_HEADER.exec(baselineSdl);
  if (!header) {
    return { ok: false, lines: ['the baseline schema does not start with "# @perudo/client <major>.x"'] };
  }
  const baselineMajor = Number(header[1]);
  const packageMajor = Number(packageVersion.split('.')[0]);
  const changes = await diff(buildSchema(baselineSdl), buildSchema(schemaSdl));
  const of = (level: CriticalityLevel): Change[] => changes.filter((c) => c.criticality.level === level);
  const breaking = of(CriticalityLevel.Breaking);
  const dangerous = of(CriticalityLevel.Dangerous);
  const list = (items: Change[]): string[] =>
    items.map((c) => `  - ${c.message}${c.path ? ` (${c.path})` : ''}`);
  const summary = `${changes.length} changes from the ${baselineMajor}.x baseline: ${breaking.length} breaking, ${dangerous.length} dangerous, ${changes.length - breaking.length - dangerous.length} safe`;
  const warnings = dangerous.length > 0 ? ['dangerous (allowed within a major):', ...list(dangerous)] : [];
  if (breaking.length === 0) return { ok: true, lines: [summary, ...warnings] };
  if (packageMajor !== baselineMajor) {
    return {
      ok: true,
      lines: [
        summary,
        `the package is at major ${packageMajor}: the breaking changes are allowed; refresh packages/client/schema.graphql`,
        `(copy schema.graphql under the line "# @perudo/client ${packageMajor}.x")`,
      ],
    };
  }
  return {
    ok: false,
    lines: [
      summary,
      `breaking changes for @perudo/client ${packageVersion}, built against the ${baselineMajor}.x schema:`,
      ...list(breaking),
      `keep the schema compatible, or release a new major of @perudo/client (packages/client/package.json)`,
    ],
  };
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      baseline: { type: 'string', default: path.join(ROOT, 'packages/client/schema.graphql') },
      schema: { type: 'string', default: path.join(ROOT, 'schema.graphql') },
      package: { type: 'string', default: path.join(ROOT, 'packages/client/package.json') },
    },
  });
  const { version } = JSON.parse(readFileSync(values.package, 'utf8')) as { version: string };
  const report = await checkCompat(
    readFileSync(values.baseline, 'utf8'),
    readFileSync(values.schema, 'utf8'),
    version,
  );
  (report.ok ? console.log : console.error)(report.lines.join('\n'));
  process.exitCode = report.ok ? 0 : 1;
}

if (require.main === module) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
