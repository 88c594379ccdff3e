// The web client's words all come from its message catalogs: this check fails when a view puts a string literal
// with letters in the page (text children of the dom.ts helpers, textContent, aria-label, title, placeholder,
// alt, toasts and announcements), when a catalog lacks a key the English one has (or has one it lacks), when a
// message is not valid ICU MessageFormat, or when a translation names other arguments than the English one.
// A literal that must stay (none today) is let through by an `i18n-exempt: <why>` comment on the line above.
// Run by `npm run lint`; paths may be given for a test: --views <dir>, --catalogs <dir>.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { MessageFormatElement } from '@formatjs/icu-messageformat-parser' with {
  'resolution-mode': 'import',
};
import ts from 'typescript';

const ROOT = path.resolve(__dirname, '..');
const WEB = path.join(ROOT, 'examples', 'web', 'src');
const REFERENCE = 'en';

/** Attributes a person reads (or a screen reader reads out). */
const TEXT_ATTRIBUTES = new Set([
  'aria-label',
  'aria-description',
  'aria-placeholder',
  'aria-roledescription',
  'aria-valuetext',
  'title',
  'placeholder',
  'alt',
]);
const TEXT_PROPERTIES = new Set([
  'textContent',
  'innerText',
  'innerHTML',
  'title',
  'placeholder',
  'alt',
  'ariaLabel',
]);
/** Functions whose arguments from the first given to the last given (or every one after) are text for the page. */
const TEXT_CALLS = new Map<string, [number, number?]>([
  ['h', [2]],
  ['mount', [1]],
  ['append', [0]],
  ['prepend', [0]],
  ['replaceChildren', [0]],
  ['before', [0]],
  ['after', [0]],
  // The first argument only: the others are options (a toast's kind, an announcement's politeness).
  ['toast', [0, 1]],
  ['announce', [0, 1]],
  ['confirm', [0, 1]],
  ['alert', [0, 1]],
  ['prompt', [0, 1]],
]);
const LETTER = /\p{L}/u;

export interface Finding {
  readonly file: string;
  readonly line: number;
  readonly column: number;
  readonly text: string;
}

function exempt(source: ts.SourceFile, node: ts.Node): boolean {
  const { line } = source.getLineAndCharacterOfPosition(node.getStart(source));
  const lines = source.text.split('\n');
  return line > 0 && /i18n-exempt:/.test(lines[line - 1]!);
}

/** The literals with letters an expression may put in the page. */
function literalsOf(expr: ts.Expression | undefined, out: ts.Node[]): void {
  if (!expr) return;
  if (ts.isStringLiteral(expr) || ts.isNoSubstitutionTemplateLiteral(expr)) {
    if (LETTER.test(expr.text)) out.push(expr);
  } else if (ts.isTemplateExpression(expr)) {
    if (LETTER.test(expr.head.text) || expr.templateSpans.some((s) => LETTER.test(s.literal.text)))
      out.push(expr);
    for (const span of expr.templateSpans) literalsOf(span.expression, out);
  } else if (ts.isConditionalExpression(expr)) {
    literalsOf(expr.whenTrue, out);
    literalsOf(expr.whenFalse, out);
  } else if (ts.isBinaryExpression(expr)) {
    const op = expr.operatorToken.kind;
    if (
      op === ts.SyntaxKind.PlusToken ||
      op === ts.SyntaxKind.BarBarToken ||
      op === ts.SyntaxKind.QuestionQuestionToken
    )
      literalsOf(expr.left, out);
    if (op !== ts.SyntaxKind.CommaToken) literalsOf(expr.right, out);
  } else if (
    ts.isParenthesizedExpression(expr) ||
    ts.isAsExpression(expr) ||
    ts.isNonNullExpression(expr) ||
    ts.isSpreadElement(expr)
  ) {
    literalsOf(expr.expression, out);
  } else if (ts.isArrayLiteralExpression(expr)) {
    for (const element of expr.elements) literalsOf(element, out);
  } else if (ts.isCallExpression(expr) && ts.isPropertyAccessExpression(expr.expression)) {
    // items.map((x) => 'text'), and the pieces of ['a', 'b'].join(' ').
    const method = expr.expression.name.text;
    if (method === 'map' || method === 'flatMap') {
      const fn = expr.arguments[0];
      if (fn && (ts.isArrowFunction(fn) || ts.isFunctionExpression(fn)) && !ts.isBlock(fn.body))
        literalsOf(fn.body as ts.Expression, out);
    }
    if (method === 'join' || method === 'concat') {
      literalsOf(expr.expression.expression, out);
      for (const arg of expr.arguments) literalsOf(arg, out);
    }
  }
}

function calleeName(call: ts.CallExpression): string | null {
  const callee = call.expression;
  if (ts.isIdentifier(callee)) return callee.text;
  if (ts.isPropertyAccessExpression(callee)) return callee.name.text;
  return null;
}

function propertyName(name: ts.PropertyName): string | null {
  return ts.isIdentifier(name) || ts.isStringLiteral(name) ? name.text : null;
}

/** The user-facing string literals of one view's source. */
export function findViewStrings(file: string, text: string): Finding[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const found: ts.Node[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isCallExpression(node)) {
      const name = calleeName(node);
      const range = name === null ? undefined : TEXT_CALLS.get(name);
      if (range) for (const arg of node.arguments.slice(...range)) literalsOf(arg, found);
      // h(tag, { 'aria-label': ..., title: ... }, ...)
      const attrs = name === 'h' ? node.arguments[1] : undefined;
      if (attrs && ts.isObjectLiteralExpression(attrs)) {
        for (const prop of attrs.properties) {
          if (!ts.isPropertyAssignment(prop)) continue;
          const key = propertyName(prop.name);
          if (key && TEXT_ATTRIBUTES.has(key)) literalsOf(prop.initializer, found);
        }
      }
      if (name === 'setAttribute') {
        const attribute = node.arguments[0];
        if (attribute && ts.isStringLiteral(attribute) && TEXT_ATTRIBUTES.has(attribute.text))
          literalsOf(node.arguments[1], found);
      }
    }
    if (
      ts.isBinaryExpression(node) &&
      node.operatorToken.kind === ts.SyntaxKind.EqualsToken &&
      ts.isPropertyAccessExpression(node.left) &&
      TEXT_PROPERTIES.has(node.left.name.text)
    ) {
      literalsOf(node.right, found);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found
    .filter((node) => !exempt(source, node))
    .map((node) => {
      const { line, character } = source.getLineAndCharacterOfPosition(node.getStart(source));
      return { file, line: line + 1, column: character + 1, text: node.getText(source) };
    });
}

/** The argument names a message uses, in every branch of its plurals and selects. */
function argumentsOf(elements: MessageFormatElement[], out = new Set<string>()): Set<string> {
  for (const element of elements) {
    // Literal text has a value too, but names no argument.
    if ('value' in element && element.type !== 0) out.add(String(element.value));
    if ('options' in element)
      for (const option of Object.values(element.options)) argumentsOf(option.value, out);
    if ('children' in element) argumentsOf(element.children, out);
  }
  return out;
}

type Parse = (message: string) => MessageFormatElement[];

/**
 * What is wrong with a set of catalogs (locale -> key -> ICU message), compared with the reference one. The
 * parser is FormatJS's, passed in: it is an ES module, which the tests' CommonJS cannot require.
 */
export function checkCatalogs(catalogs: Record<string, Record<string, string>>, parse: Parse): string[] {
  const problems: string[] = [];
  const reference = catalogs[REFERENCE];
  if (!reference) return [`no ${REFERENCE} catalog`];
  const args = new Map<string, Map<string, Set<string>>>();
  for (const [locale, catalog] of Object.entries(catalogs)) {
    const parsed = new Map<string, Set<string>>();
    for (const [key, message] of Object.entries(catalog)) {
      try {
        parsed.set(key, argumentsOf(parse(message)));
      } catch (error) {
        problems.push(`${locale}: "${key}" is not ICU MessageFormat (${(error as Error).message})`);
      }
    }
    args.set(locale, parsed);
  }
  for (const [locale, catalog] of Object.entries(catalogs)) {
    if (locale === REFERENCE) continue;
    for (const key of Object.keys(reference))
      if (!(key in catalog)) problems.push(`${locale}: lacks "${key}"`);
    for (const key of Object.keys(catalog))
      if (!(key in reference)) problems.push(`${locale}: has "${key}", ${REFERENCE} lacks it`);
    for (const [key, names] of args.get(locale)!) {
      const expected = args.get(REFERENCE)!.get(key);
      if (!expected) continue;
      const a = [...names].sort().join(', ');
      const b = [...expected].sort().join(', ');
      if (a !== b) problems.push(`${locale}: "${key}" uses {${a}} where ${REFERENCE} uses {${b}}`);
    }
  }
  return problems;
}

function viewFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return name === 'gql' ? [] : viewFiles(file);
    return file.endsWith('.ts') && !file.endsWith('.d.ts') ? [file] : [];
  });
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      views: { type: 'string', default: WEB },
      catalogs: { type: 'string', default: path.join(WEB, 'i18n', 'messages') },
    },
  });
  const problems: string[] = [];
  for (const file of viewFiles(values.views!)) {
    for (const f of findViewStrings(file, readFileSync(file, 'utf8'))) {
      problems.push(
        `${path.relative(ROOT, f.file)}:${f.line}:${f.column}: ${f.text} reaches the page outside the catalogs`,
      );
    }
  }
  const catalogs = Object.fromEntries(
    readdirSync(values.catalogs!)
      .filter((name) => name.endsWith('.json'))
      .map((name) => [
        name.replace(/\.json$/, ''),
        JSON.parse(readFileSync(path.join(values.catalogs!, name), 'utf8')) as Record<string, string>,
      ]),
  );
  const { parse } = await import('@formatjs/icu-messageformat-parser');
  problems.push(...checkCatalogs(catalogs, parse));
  for (const line of problems) console.error(line);
  if (problems.length > 0) process.exit(1);
  console.log(`web strings: ${Object.keys(catalogs).length} catalogs agree; no view writes its own words`);
}

if (require.main === module) void main();
